/** Runs the mock upstream standalone: `npm run mock-upstream` (PORT, default 9090). Controlled through /__mock/*. */
import { startMockUpstream } from './server.js';

const mock = await startMockUpstream({ port: Number(process.env.PORT ?? 9090) });
console.log(`mock upstream listening on ${mock.url} (OpenAI-wire base ${mock.url}/v1)`);
const stop = () => mock.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
