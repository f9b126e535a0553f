/** How a command ends: 0 done, 1 it failed (or found problems), 2 it was called wrongly. */
export const exitCodes = { ok: 0, failed: 1, usage: 2 } as const;

/** A CLI misuse: an unknown command, a missing or malformed flag. Printed with the command's usage; exit 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Where a command writes: results on stdout (JSON with `--json`, else text for people), notes and problems
 * on stderr, so `svc … --json | jq` always reads one JSON document.
 */
export class CliOutput {
  constructor(
    readonly json: boolean,
    private readonly stdout: { write(text: string): unknown } = process.stdout,
    private readonly stderr: { write(text: string): unknown } = process.stderr,
  ) {}

  /** The command's result: `value` as JSON under --json, else `text` (a function, so it is only built when shown). */
  result(value: unknown, text: () => string): void {
    this.stdout.write(this.json ? `${JSON.stringify(value, null, 2)}\n` : `${text().replace(/\n*$/, '')}\n`);
  }

  note(text: string): void {
    this.stderr.write(`${text}\n`);
  }
}

/** A plain text table: a header row, then one row per item; columns as wide as their widest cell. */
export function textTable<Row>(rows: readonly Row[], columns: ReadonlyArray<readonly [header: string, cell: (row: Row) => unknown]>): string {
  if (rows.length === 0) return '(none)';
  const cells = [columns.map(([header]) => header), ...rows.map((row) => columns.map(([, cell]) => display(cell(row))))];
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => line[index].length)));
  return cells.map((line) => line.map((cell, index) => cell.padEnd(widths[index])).join('  ').trimEnd()).join('\n');
}

function display(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) return value.length === 0 ? '-' : value.join(',');
  return String(value);
}

/** A numeric flag's value: a malformed number is a usage error. */
export function numberFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed)) throw new UsageError(`--${name} must be a number (got ${JSON.stringify(value)})`);
  return parsed;
}
