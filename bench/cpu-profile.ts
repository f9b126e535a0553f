/**
 * A V8 .cpuprofile (`node --cpu-prof`) read for the bench tools: its samples within time windows, each with its
 * stack, and the names the tools print frames by. profile-summary.ts prints tables from it, flame-graph.ts draws it.
 */
import { readFileSync } from 'node:fs';

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  /** µs on the monotonic clock (CLOCK_MONOTONIC, as process.hrtime reads it in any process of the machine). */
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A span of the profile, µs from its start. */
export interface TimeWindow {
  fromUs: number;
  toUs: number;
}

export const WHOLE_PROFILE: TimeWindow = { fromUs: -Infinity, toUs: Infinity };

export function readCpuProfile(file: string): CpuProfile {
  return JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
}

export const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\/.*?\/node_modules\//, 'node_modules/')
    .replace(/^file:\/\/.*?\/(src|bench|test)\//, '$1/')
    .replace(/\?.*$/, '');

/** `name  file:line`, the way the tools name a frame. */
export const frameLabel = (frame: CallFrame) => `${frame.functionName || '(anonymous)'}  ${shortUrl(frame.url) || '(native)'}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;

/** What a frame belongs to: src/<folder>, node_modules/<package>, node's internals, or V8's own entries. */
export function frameGroup(frame: CallFrame): string {
  const url = shortUrl(frame.url);
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native / V8)';
  if (url.startsWith('node_modules/')) return url.split('/').slice(0, url.startsWith('node_modules/@') ? 3 : 2).join('/');
  if (url.startsWith('node:')) return 'node: internals';
  return url.split('/').slice(0, 2).join('/');
}

export const isIdle = (node: ProfileNode) => node.callFrame.functionName === '(idle)';

/** The profile's nodes by id, and each node's parent: a sample names only its innermost node. */
export class ProfileTree {
  readonly byId: Map<number, ProfileNode>;
  private readonly parent = new Map<number, number>();

  constructor(readonly profile: CpuProfile) {
    this.byId = new Map(profile.nodes.map((node) => [node.id, node]));
    for (const node of profile.nodes) for (const child of node.children ?? []) this.parent.set(child, node.id);
  }

  /** The samples taken within any of the windows: when (µs from the start), for how long, and in which node. */
  *samples(windows: readonly TimeWindow[] = [WHOLE_PROFILE]): Generator<{ at: number; delta: number; node: ProfileNode }> {
    const { samples, timeDeltas } = this.profile;
    let at = 0;
    for (let index = 0; index < samples.length; index++) {
      at += timeDeltas[index];
      if (!windows.some((window) => at >= window.fromUs && at <= window.toUs)) continue;
      yield { at, delta: timeDeltas[index + 1] ?? timeDeltas[index], node: this.byId.get(samples[index])! };
    }
  }

  /** A node's stack, outermost frame first, without the (root) node. */
  stack(nodeId: number): CallFrame[] {
    const frames: CallFrame[] = [];
    for (let id: number | undefined = nodeId; id !== undefined; id = this.parent.get(id)) {
      const frame = this.byId.get(id)!.callFrame;
      if (frame.functionName === '(root)' && !frame.url) break;
      frames.push(frame);
    }
    return frames.reverse();
  }

  /** The frames of a node's stack, innermost first, each function once (recursion counts once). */
  *distinctFrames(nodeId: number): Generator<CallFrame> {
    const seen = new Set<string>();
    for (let id: number | undefined = nodeId; id !== undefined; id = this.parent.get(id)) {
      const frame = this.byId.get(id)!.callFrame;
      const key = frameLabel(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      yield frame;
    }
  }
}
