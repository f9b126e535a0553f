/**
 * A gateway in a process of its own, built from the environment as `svc serve` builds it; prints
 * `{"url": …}` once it listens and stops cleanly on SIGTERM. Spawned by gateway-process.ts.
 */
import { createGateway } from '../../src/gateway.js';

const gateway = await createGateway(process.env);
const url = await gateway.listen();
process.stdout.write(`${JSON.stringify({ url })}\n`);
process.once('SIGTERM', () => {
  void gateway.close().finally(() => process.exit(0));
});
