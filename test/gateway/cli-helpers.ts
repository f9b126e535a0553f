import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  killed: boolean;
}

/** Runs `svc <args>` the way a developer does from a checkout: `node --import tsx src/main.ts`. */
export function runCli(args: string[], env: Record<string, string>, timeoutMs = 20_000, input?: string): Promise<CliResult> {
  // Only what the CLI needs: no SVC_* or provider variables leak in from the machine running the tests.
  const cleanEnv: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || /^SVC_|_API_KEY$|_BASE_URL$|^PORT$|^HOST$/.test(name)) continue;
    cleanEnv[name] = value;
  }
  return new Promise((resolvePromise) => {
    const child = execFile(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], { cwd: projectRoot, env: { ...cleanEnv, ...env }, timeout: timeoutMs }, (error, stdout, stderr) => {
      const failure = error as (Error & { code?: number | string; killed?: boolean }) | null;
      resolvePromise({ code: failure ? (typeof failure.code === 'number' ? failure.code : null) : 0, stdout, stderr, killed: failure?.killed ?? false });
    });
    child.stdin?.end(input ?? '');
  });
}

/** The JSON a command printed on stdout. */
export function printed(result: CliResult): any {
  assert.equal(result.code, 0, `exit code (stderr: ${result.stderr})`);
  return JSON.parse(result.stdout);
}
