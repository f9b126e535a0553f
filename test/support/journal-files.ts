import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A usage journal's segment files in `dir`, in the order they were opened or claimed (by their segment number). */
export async function segmentFiles(dir: string): Promise<string[]> {
  const numberOf = (name: string) => Number(name.slice(name.lastIndexOf('-') + 1, -'.ndjson'.length));
  return (await readdir(dir)).filter((name) => name.endsWith('.ndjson')).sort((a, b) => numberOf(a) - numberOf(b));
}

/** What a process that died (pid `pid`, not running) left in its journal: `lines`, then `tail` (a line its crash cut short). */
export async function writeDeadJournal(dir: string, lines: readonly string[], { pid = 999999, tail = '' } = {}): Promise<void> {
  await writeFile(join(dir, `${pid}-1700000000000-ab12cd34-0.ndjson`), `${lines.map((line) => `${line}\n`).join('')}${tail}`);
}
