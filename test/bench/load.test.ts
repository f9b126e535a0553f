import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { roundOrder, runLoad } from '../../bench/load.js';

/** A server on port 0 that answers every POST with `ok`; while `stalled` is set it holds each answer until the stall ends. */
async function answeringServer(): Promise<{ origin: string; server: Server; stallFor: (ms: number) => void }> {
  let stalledUntil = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => setTimeout(() => response.end('ok'), Math.max(0, stalledUntil - Date.now())));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, stallFor: (ms) => (stalledUntil = Date.now() + ms) };
}

const load = { path: '/', headers: {}, body: '{}', warmupSeconds: 0.2, maxRequests: 10_000 };

test('at a fixed rate the load generator sends on schedule: the measured phase holds rate × seconds requests', async () => {
  const { origin, server } = await answeringServer();
  try {
    const result = await runLoad({ ...load, origin, concurrency: 16, rate: 200, seconds: 1 });
    assert.equal(result.errors, 0);
    // 200 slots fall in the measured second; the last ones may answer just after it.
    assert.ok(result.requests >= 195 && result.requests <= 201, `${result.requests} requests`);
  } finally {
    server.close();
  }
});

test('a stall at a fixed rate shows in every request it held up, where a closed loop would have waited and counted one', async () => {
  const { origin, server, stallFor } = await answeringServer();
  try {
    // 400 ms into the measured second the server stalls 300 ms: at 200 requests/s about 60 requests arrive during it.
    setTimeout(() => stallFor(300), 600);
    const open = await runLoad({ ...load, origin, concurrency: 128, rate: 200, seconds: 1 });
    assert.equal(open.errors, 0);
    // Over 5 % of the requests waited 100 ms or more: the p90 is at least that (a closed loop of one connection would
    // have sent nothing during the stall, and only its one waiting request would show it).
    assert.ok(open.total.p90 >= 100, `p90 ${open.total.p90} ms`);
    assert.ok(open.total.max >= 250 && open.total.max < 1_000, `max ${open.total.max} ms`);
  } finally {
    server.close();
  }
});

test('each round loads the targets starting one later, so that after as many rounds as targets each has gone first once', () => {
  const targets = ['direct', 'bare', 'svc', 'governed'];
  assert.deepEqual(roundOrder(targets, 0), ['direct', 'bare', 'svc', 'governed']);
  assert.deepEqual(roundOrder(targets, 1), ['bare', 'svc', 'governed', 'direct']);
  assert.deepEqual(roundOrder(targets, 3), ['governed', 'direct', 'bare', 'svc']);
  assert.deepEqual(roundOrder(targets, 5), ['bare', 'svc', 'governed', 'direct']);
  assert.deepEqual(targets, ['direct', 'bare', 'svc', 'governed'], 'the list itself is left as it was');
});
