import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProfileTree, type CpuProfile } from '../../bench/cpu-profile.js';
import { flameTree, mainThreadProfile, renderFlameGraph, windowInProfile } from '../../bench/flame-graph.js';

/** (root) → handle → parse, (root) → flush, and V8's (idle): one sample a millisecond. */
function profile(samples: number[]): CpuProfile {
  const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0 });
  return {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 4, 5] },
      { id: 2, callFrame: frame('handle', 'file:///svc/src/http/endpoint.js'), children: [3] },
      { id: 3, callFrame: frame('parse', 'file:///svc/node_modules/undici/lib/parse.js') },
      { id: 4, callFrame: frame('flush', 'file:///svc/src/billing/usage-journal.js') },
      { id: 5, callFrame: frame('(idle)') },
    ],
    startTime: 5_000_000,
    endTime: 5_000_000 + samples.length * 1000,
    samples,
    timeDeltas: samples.map(() => 1000),
  };
}

test('a frame is as wide as the busy time spent in it and in what it called; idle time is not drawn', () => {
  const tree = new ProfileTree(profile([3, 3, 3, 4, 5]));
  const { root, idleUs } = flameTree(tree);
  assert.equal(root.total, 4000);
  assert.equal(idleUs, 1000);
  const handle = root.children.get('handle  src/http/endpoint.js:1')!;
  assert.equal(handle.total, 3000);
  assert.equal(handle.children.get('parse  node_modules/undici/lib/parse.js:1')!.total, 3000);
  assert.equal(root.children.get('flush  src/billing/usage-journal.js:1')!.total, 1000);

  const svg = renderFlameGraph(tree, { title: 'two stacks', width: 420 });
  // 400 px between the 10 px margins, siblings in name order: flush takes the first quarter, handle the rest.
  assert.match(svg, /<title>flush {2}src\/billing\/usage-journal\.js:1 — 1\.0 ms, 25\.00 %<\/title><rect x="10\.00" y="\d+" width="100\.00"/);
  assert.match(svg, /<title>handle {2}src\/http\/endpoint\.js:1 — 3\.0 ms, 75\.00 %<\/title><rect x="110\.00" y="\d+" width="300\.00"/);
  assert.match(svg, /4 ms busy, 1 ms idle/);
  assert.doesNotMatch(svg, /\(idle\)/);
});

test('callers stand below their callees, and only the samples inside the windows count', () => {
  const tree = new ProfileTree(profile([3, 3, 4, 4, 4, 4]));
  const svg = renderFlameGraph(tree, { title: 'window', windows: [{ fromUs: 2500, toUs: 6000 }] });
  // Samples at 1 and 2 ms (in parse) fall before the window; those at 3 to 6 ms (in flush) inside it.
  assert.match(svg, /4 ms busy/);
  assert.doesNotMatch(svg, /handle|parse/);
  const depthOf = (name: string) => Number(new RegExp(`<title>${name} [^<]*</title><rect x="[\\d.]+" y="(\\d+)"`).exec(renderFlameGraph(new ProfileTree(profile([3])), { title: 't' }))![1]);
  assert.ok(depthOf('parse') < depthOf('handle'), 'the callee is drawn above its caller');
});

test('the monotonic clock of a measured phase maps onto the profile, and the main thread is the one drawn', () => {
  assert.deepEqual(windowInProfile({ startTime: 5_000_000 }, 6_000_000_000n, 7_500_000_000n), { fromUs: 1_000_000, toUs: 2_500_000 });
  const dir = mkdtempSync(join(tmpdir(), 'svc-flame-'));
  try {
    writeFileSync(join(dir, 'CPU.20261202.010000.123.1.002.cpuprofile'), 'x'.repeat(1000));
    writeFileSync(join(dir, 'CPU.20261202.010000.123.0.001.cpuprofile'), 'x');
    assert.equal(mainThreadProfile(dir), join(dir, 'CPU.20261202.010000.123.0.001.cpuprofile'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
