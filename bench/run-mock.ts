/** Child process: the mock upstream (test/mock-upstream) on 127.0.0.1, any free port. */
import { startMockUpstream } from '../test/mock-upstream/server.js';
import { failStart, serveChildProtocol } from './child-protocol.js';

try {
  const mock = await startMockUpstream({ port: 0 });
  // The mock records every request it gets (for tests); a benchmark sends hundreds of thousands, so
  // the record is dropped every second to keep the mock's memory flat (queued replies and faults stay).
  setInterval(() => {
    mock.requests.length = 0;
  }, 1000).unref();
  serveChildProtocol('mock', Number(new URL(mock.url).port), () => mock.close());
} catch (error) {
  failStart('mock', error);
}
