import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface GatewayProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const main = fileURLToPath(new URL('./gateway-process-main.ts', import.meta.url));

/** Starts a gateway in its own OS process with `env` (PORT 0 is set); resolves once it listens. */
export function startGatewayProcess(env: Record<string, string | undefined>): Promise<GatewayProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SVC_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the gateway process did not start within 30 s'));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the gateway process exited during start-up (code ${code})`));
    });
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve({ url: (JSON.parse(line) as { url: string }).url, child, stop });
    });
  });
}
