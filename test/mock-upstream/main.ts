/** Runs the mock upstream standalone: `npm run mock-upstream` (PORT, default 9090). Controlled through /__mock/*. */
import { startMockUpstream } from './server.js';

// Run by hand for hours (benchmarks, demos): only the newest 1,000 requests are kept for GET /__mock/requests.
const mock = await startMockUpstream({ port: Number(process.env.PORT ?? 9090), maxRecordedRequests: 1000 });
console.log(`mock upstream listening on ${mock.url} (OpenAI-wire base ${mock.url}/v1)`);
const stop = () => mock.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
