/**
 * Child process: svc itself, built the way `svc serve` builds it (createGateway from the environment:
 * OPENAI_API_KEY, OPENAI_BASE_URL = the mock, SVC_MASTER_KEY, SVC_DATA_DIR, SVC_LOG_LEVEL, PORT=0).
 */
import { createGateway } from '../src/gateway.js';
import { failStart, serveChildProtocol } from './child-protocol.js';

try {
  const gateway = await createGateway(process.env);
  const address = await gateway.listen();
  serveChildProtocol('svc', Number(new URL(address).port), () => gateway.close());
} catch (error) {
  failStart('svc', error);
}
