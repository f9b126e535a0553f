/**
 * Summarises a V8 .cpuprofile (e.g. from `npm run bench -- --cpu-prof DIR`):
 *   npx tsx bench/profile-summary.ts FILE.cpuprofile [--from S] [--to S] [--top N] [--filter TEXT] [--long-tasks MS]
 * Prints the top functions by self time and by total (inclusive) time, and the share of time per
 * source file group (src/, node_modules/<package>, node: internals). --from / --to keep only the samples
 * taken S seconds after the profile started (to skip start-up and the other targets' phases).
 * --long-tasks MS lists instead the stretches of at least MS milliseconds without an idle sample — what held the
 * event loop that long (the soak's loop-delay tail) — each with the functions that took most of it.
 */
import { parseArgs } from 'node:util';
import { frameGroup, frameLabel, isIdle, ProfileTree, readCpuProfile } from './cpu-profile.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { from: { type: 'string' }, to: { type: 'string' }, top: { type: 'string', default: '25' }, filter: { type: 'string' }, 'long-tasks': { type: 'string' } },
});
if (positionals.length !== 1) {
  process.stderr.write('usage: npx tsx bench/profile-summary.ts FILE.cpuprofile [--from S] [--to S] [--top N] [--filter TEXT] [--long-tasks MS]\n');
  process.exit(2);
}
const tree = new ProfileTree(readCpuProfile(positionals[0]));
const top = Number(values.top);
const window = { fromUs: values.from === undefined ? -Infinity : Number(values.from) * 1e6, toUs: values.to === undefined ? Infinity : Number(values.to) * 1e6 };
const samplesInWindow = () => tree.samples([window]);

if (values['long-tasks'] !== undefined) {
  printLongTasks(Number(values['long-tasks']) * 1000);
  process.exit(0);
}

const self = new Map<string, number>();
const total = new Map<string, number>();
const groups = new Map<string, number>();
let sampled = 0;
let idle = 0;
for (const { delta, node } of samplesInWindow()) {
  if (isIdle(node)) {
    idle += delta;
    continue;
  }
  sampled += delta;
  self.set(frameLabel(node.callFrame), (self.get(frameLabel(node.callFrame)) ?? 0) + delta);
  groups.set(frameGroup(node.callFrame), (groups.get(frameGroup(node.callFrame)) ?? 0) + delta);
  for (const frame of tree.distinctFrames(node.id)) total.set(frameLabel(frame), (total.get(frameLabel(frame)) ?? 0) + delta);
}

const pct = (value: number) => `${((value / sampled) * 100).toFixed(1).padStart(5)}%`;
const print = (title: string, map: Map<string, number>) => {
  process.stdout.write(`\n${title}\n`);
  const rows = [...map].filter(([key]) => !values.filter || key.includes(values.filter)).sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [key, value] of rows) process.stdout.write(`${pct(value)}  ${(value / 1000).toFixed(0).padStart(7)} ms  ${key}\n`);
};
process.stdout.write(`busy ${(sampled / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms\n`);
print('self time by group', groups);
print('self time by function', self);
print('total (inclusive) time by function', total);

/** Runs of busy samples of at least `minUs`, longest first, each with its heaviest functions (inclusive). */
function printLongTasks(minUs: number): void {
  const tasks: Array<{ start: number; duration: number; samples: number[] }> = [];
  let current: { start: number; duration: number; samples: number[] } | undefined;
  for (const { at, delta, node } of samplesInWindow()) {
    if (isIdle(node)) {
      if (current && current.duration >= minUs) tasks.push(current);
      current = undefined;
      continue;
    }
    current ??= { start: at, duration: 0, samples: [] };
    current.duration += delta;
    current.samples.push(node.id);
  }
  if (current && current.duration >= minUs) tasks.push(current);
  process.stdout.write(`${tasks.length} stretches of ${minUs / 1000} ms or more without an idle sample\n`);
  for (const task of tasks.sort((a, b) => b.duration - a.duration).slice(0, top)) {
    const inclusive = new Map<string, number>();
    for (const id of task.samples) {
      for (const frame of tree.distinctFrames(id)) {
        if (!frame.url && frame.functionName !== '(garbage collector)') continue; // native frames and the root say nothing
        inclusive.set(frameLabel(frame), (inclusive.get(frameLabel(frame)) ?? 0) + 1);
      }
    }
    const heaviest = [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 6);
    process.stdout.write(`\n${(task.duration / 1000).toFixed(1)} ms at ${(task.start / 1e6).toFixed(2)} s (${task.samples.length} samples)\n`);
    for (const [key, count] of heaviest) process.stdout.write(`  ${((count / task.samples.length) * 100).toFixed(0).padStart(3)}%  ${key}\n`);
  }
}
