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

/**
 * The environment of the machine running the tests without what would configure svc: no SVC_* or provider variables,
 * no PORT or HOST, and none of `alsoLeftOut` — a process the tests start gets only what they give it.
 */
export function machineEnvironment(alsoLeftOut: RegExp = /$^/): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || /^SVC_|_API_KEY$|_BASE_URL$|^PORT$|^HOST$/.test(name) || alsoLeftOut.test(name)) continue;
    env[name] = value;
  }
  return env;
}

/** Runs `svc <args>` the way a developer does from a checkout: `node --import tsx src/main.ts`. */
export function runCli(args: string[], env: Record<string, string>, timeoutMs = 20_000, input?: string): Promise<CliResult> {
  const cleanEnv = machineEnvironment();
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
