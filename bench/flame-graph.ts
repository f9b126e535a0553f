/**
 * A CPU flame graph (Brendan Gregg's layout) of a V8 .cpuprofile, as one static SVG that a browser or GitHub shows:
 * each box a function in a stack, its width the share of the busy time spent in it and what it called, callers
 * below callees, siblings in name order (so two graphs of the same code line up). Hover a box for its name, file,
 * time and share. Idle samples are left out; V8's own entries ((garbage collector), (program)) stand at the base.
 *
 *   npx tsx bench/flame-graph.ts FILE.cpuprofile [--from S] [--to S] [--title TEXT] [--out FILE.svg]
 *
 * `npm run bench -- --flame-graphs DIR` draws one for each target's measured phases (bench/flamegraphs/ keeps them).
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { frameGroup, frameLabel, isIdle, ProfileTree, readCpuProfile, WHOLE_PROFILE, type CallFrame, type TimeWindow } from './cpu-profile.js';

interface FlameNode {
  frame: CallFrame;
  label: string;
  /** Busy µs in this frame and everything it called. */
  total: number;
  children: Map<string, FlameNode>;
}

export interface FlameGraphOptions {
  title: string;
  /** The spans of the profile to draw (µs from its start); the whole profile by default. */
  windows?: readonly TimeWindow[];
  /** Width of the drawing in pixels. */
  width?: number;
}

const FRAME_HEIGHT = 16;
const FONT_SIZE = 11;
/** A character of the 11 px monospace font, for cutting labels to their box. */
const CHAR_WIDTH = 6.6;
/** Boxes narrower than this are not drawn (their time still counts in their callers'). */
const MIN_BOX_PX = 0.5;
const PAD = 10;
const HEADER = 44;

/** The stacks of the busy samples within the windows, merged into one tree of frames. */
export function flameTree(tree: ProfileTree, windows: readonly TimeWindow[] = [WHOLE_PROFILE]): { root: FlameNode; idleUs: number } {
  const root: FlameNode = { frame: { functionName: 'all', url: '', lineNumber: -1 }, label: 'all', total: 0, children: new Map() };
  let idleUs = 0;
  for (const { delta, node } of tree.samples(windows)) {
    if (isIdle(node)) {
      idleUs += delta;
      continue;
    }
    root.total += delta;
    let parent = root;
    for (const frame of tree.stack(node.id)) {
      const label = frameLabel(frame);
      let child = parent.children.get(label);
      if (!child) parent.children.set(label, (child = { frame, label, total: 0, children: new Map() }));
      child.total += delta;
      parent = child;
    }
  }
  return { root, idleUs };
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The kinds of code a box is coloured by: a hue (or, for grey and purple, a lightness) varied a little by name. */
const FAMILIES = {
  svc: { name: 'svc (src/, bench/)', color: (vary: number) => `hsl(${Math.round(10 + vary * 30)}, 80%, 60%)` },
  package: { name: 'node_modules/', color: (vary: number) => `hsl(${Math.round(55 + vary * 30)}, 70%, 58%)` },
  node: { name: 'node: internals', color: (vary: number) => `hsl(${Math.round(200 + vary * 25)}, 55%, 68%)` },
  native: { name: 'native / V8', color: (vary: number) => `hsl(0, 0%, ${Math.round(70 + vary * 12)}%)` },
  gc: { name: 'garbage collector', color: (vary: number) => `hsl(280, 45%, ${Math.round(62 + vary * 10)}%)` },
} as const;

function familyOf(frame: CallFrame): keyof typeof FAMILIES {
  const group = frameGroup(frame);
  if (group === '(garbage collector)') return 'gc';
  if (group.startsWith('(')) return 'native';
  if (group === 'node: internals') return 'node';
  return group.startsWith('node_modules/') ? 'package' : 'svc';
}

/** A box's colour: its family's, varied by a hash of its name so that neighbours differ. */
function colorOf(frame: CallFrame, label: string): string {
  let hash = 0;
  for (let index = 0; index < label.length; index++) hash = (hash * 31 + label.charCodeAt(index)) >>> 0;
  return FAMILIES[familyOf(frame)].color((hash % 1000) / 1000);
}

/** Each family once, in its middle colour. */
const LEGEND = Object.values(FAMILIES).map((family) => [family.name, family.color(0.5)] as const);

const byLabel = (left: FlameNode, right: FlameNode) => (left.label < right.label ? -1 : left.label > right.label ? 1 : 0);

/** The depth of the deepest box wide enough to draw. */
function deepest(node: FlameNode, scale: number, depth: number): number {
  let reached = depth;
  for (const child of node.children.values()) if (child.total * scale >= MIN_BOX_PX) reached = Math.max(reached, deepest(child, scale, depth + 1));
  return reached;
}

/** The SVG of the profile's busy samples within the windows. */
export function renderFlameGraph(tree: ProfileTree, options: FlameGraphOptions): string {
  const width = options.width ?? 1400;
  const { root, idleUs } = flameTree(tree, options.windows);
  const scale = root.total > 0 ? (width - 2 * PAD) / root.total : 0;
  const height = HEADER + (deepest(root, scale, 0) + 1) * FRAME_HEIGHT + 2 * PAD + 20;
  // Depth 0 (all) at the bottom, above the legend.
  const base = height - PAD - 20;
  const boxes: string[] = [];
  const draw = (node: FlameNode, x: number, depth: number) => {
    const boxWidth = node.total * scale;
    if (boxWidth < MIN_BOX_PX) return;
    boxes.push(box(node, x, base - (depth + 1) * FRAME_HEIGHT, boxWidth, root.total));
    let childX = x;
    for (const child of [...node.children.values()].sort(byLabel)) {
      draw(child, childX, depth + 1);
      childX += child.total * scale;
    }
  };
  draw(root, PAD, 0);
  const subtitle = `${(root.total / 1000).toFixed(0)} ms busy, ${(idleUs / 1000).toFixed(0)} ms idle; width = share of the busy time; hover a box for its figures`;
  const legend = LEGEND.map(([name, color], index) => `<rect x="${PAD + index * 190}" y="${height - PAD - 12}" width="12" height="12" fill="${color}"/><text x="${PAD + index * 190 + 18}" y="${height - PAD - 2}">${escapeXml(name)}</text>`).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Menlo, Consolas, monospace" font-size="${FONT_SIZE}">`,
    `<rect width="100%" height="100%" fill="#fdfdf8"/>`,
    `<text x="${width / 2}" y="20" text-anchor="middle" font-size="15">${escapeXml(options.title)}</text>`,
    `<text x="${width / 2}" y="36" text-anchor="middle" fill="#555">${escapeXml(subtitle)}</text>`,
    ...boxes,
    legend,
    '</svg>',
    '',
  ].join('\n');
}

function box(node: FlameNode, x: number, y: number, boxWidth: number, allUs: number): string {
  const share = ((node.total / allUs) * 100).toFixed(2);
  const tip = `${node.label} — ${(node.total / 1000).toFixed(1)} ms, ${share} %`;
  const name = node.frame.functionName || '(anonymous)';
  const room = Math.floor((boxWidth - 4) / CHAR_WIDTH);
  const text = room >= 3 ? (name.length <= room ? name : `${name.slice(0, room - 2)}..`) : '';
  const fill = node.label === 'all' ? 'hsl(0, 0%, 88%)' : colorOf(node.frame, node.label);
  return (
    `<g><title>${escapeXml(tip)}</title><rect x="${x.toFixed(2)}" y="${y}" width="${boxWidth.toFixed(2)}" height="${FRAME_HEIGHT - 1}" fill="${fill}" rx="2"/>` +
    (text ? `<text x="${(x + 3).toFixed(2)}" y="${y}" dy="${FRAME_HEIGHT - 4}">${escapeXml(text)}</text>` : '') +
    '</g>'
  );
}

/**
 * The main thread's profile in a folder `node --cpu-prof --cpu-prof-dir` wrote: thread 0 in the file name
 * (CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile), else the largest file.
 */
export function mainThreadProfile(dir: string): string | undefined {
  const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
  const main = files.find((name) => name.split('.')[4] === '0');
  if (main) return join(dir, main);
  return files.map((name) => join(dir, name)).sort((left, right) => statSync(right).size - statSync(left).size)[0];
}

/** A window of the monotonic clock (process.hrtime, ns) as µs from the start of a profile. */
export function windowInProfile(profile: { startTime: number }, fromNs: bigint, toNs: bigint): TimeWindow {
  return { fromUs: Number(fromNs / 1000n) - profile.startTime, toUs: Number(toNs / 1000n) - profile.startTime };
}

/** Writes `<out>` from the main-thread profile in `profileDir`, drawing the hrtime spans given. */
export function writeFlameGraph(profileDir: string, spans: ReadonlyArray<{ fromNs: bigint; toNs: bigint }>, title: string, out: string): string | undefined {
  const file = mainThreadProfile(profileDir);
  if (!file) return undefined;
  const profile = readCpuProfile(file);
  const windows = spans.map((span) => windowInProfile(profile, span.fromNs, span.toNs));
  writeFileSync(out, renderFlameGraph(new ProfileTree(profile), { title, windows }));
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { from: { type: 'string' }, to: { type: 'string' }, title: { type: 'string' }, out: { type: 'string' } } });
  if (positionals.length !== 1) {
    process.stderr.write('usage: npx tsx bench/flame-graph.ts FILE.cpuprofile [--from S] [--to S] [--title TEXT] [--out FILE.svg]\n');
    process.exit(2);
  }
  const window = { fromUs: values.from === undefined ? -Infinity : Number(values.from) * 1e6, toUs: values.to === undefined ? Infinity : Number(values.to) * 1e6 };
  const out = values.out ?? `${basename(positionals[0], '.cpuprofile')}.svg`;
  writeFileSync(out, renderFlameGraph(new ProfileTree(readCpuProfile(positionals[0])), { title: values.title ?? basename(positionals[0]), windows: [window] }));
  process.stdout.write(`flame graph written to ${out}\n`);
}
