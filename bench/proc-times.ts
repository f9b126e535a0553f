/**
 * CPU time as Linux's /proc counts it, for benchmarks that must say whether the machine itself was the limit:
 * the machine's busy, stolen and total time (/proc/stat), and the CPU of a process with every process below it
 * (`svc serve`'s primary and the workers it forks). Where there is no /proc, undefined.
 */
import { readdir, readFile } from 'node:fs/promises';

/** Clock ticks a second of /proc's counters (USER_HZ: 100 on every Linux architecture Node runs on). */
const TICKS_PER_SECOND = 100;

export interface MachineTimes {
  /** Seconds the CPUs spent on anything but idling and waiting for I/O. */
  busy: number;
  /** Seconds the hypervisor ran something else while this VM wanted the CPU. */
  steal: number;
  /** Seconds of CPU time in all (every CPU's). */
  total: number;
}

/** The machine's CPU times so far (/proc/stat's first line: user nice system idle iowait irq softirq steal). */
export async function machineTimes(): Promise<MachineTimes | undefined> {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = (await readFile('/proc/stat', 'utf8')).split('\n', 1)[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy: busy / TICKS_PER_SECOND, steal: steal / TICKS_PER_SECOND, total: (busy + idle + iowait) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

/** One process's parent and CPU seconds (user + system), from /proc/PID/stat; undefined once it is gone. */
async function processStat(pid: number): Promise<{ ppid: number; seconds: number } | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command, which is in parentheses and may hold spaces: state, ppid, … utime (11th), stime (12th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

/** CPU seconds of process `rootPid` and of every process below it, living now (a worker that exited is not counted). */
export async function processTreeSeconds(rootPid: number): Promise<number | undefined> {
  let pids: number[];
  try {
    pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return undefined;
  }
  const stats = new Map<number, { ppid: number; seconds: number }>();
  await Promise.all(
    pids.map(async (pid) => {
      const stat = await processStat(pid);
      if (stat) stats.set(pid, stat);
    }),
  );
  if (!stats.has(rootPid)) return undefined;
  const childrenOf = new Map<number, number[]>();
  for (const [pid, { ppid }] of stats) childrenOf.set(ppid, [...(childrenOf.get(ppid) ?? []), pid]);
  let seconds = 0;
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    seconds += stats.get(pid)?.seconds ?? 0;
    pending.push(...(childrenOf.get(pid) ?? []));
  }
  return seconds;
}
