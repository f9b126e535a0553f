import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { loggerOptions } from './logger.js';
import { ATOMIC_WRITE_BYTES, MAX_PENDING_CHARS, TurnBatchedDestination } from './log-destination.js';

type Write = (fd: number, data: string | Buffer) => number;

/** A destination writing into a temporary file through `write` (by default the real one, counted). */
function fileDestination(write?: (real: Write) => Write) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-log-'));
  const fd = openSync(join(dir, 'out.log'), 'w');
  let writes = 0;
  const real: Write = (target, data) => (writes++, typeof data === 'string' ? writeSync(target, data) : writeSync(target, data));
  const destination = new TurnBatchedDestination(fd, write ? write(real) : real);
  return {
    destination,
    logger: pino(loggerOptions('info'), destination),
    text: () => readFileSync(join(dir, 'out.log'), 'utf8'),
    messages: () => readFileSync(join(dir, 'out.log'), 'utf8').split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { msg: string }).msg),
    writes: () => writes,
    [Symbol.dispose]: () => {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

const errno = (code: string) => Object.assign(new Error(code), { code });

test('the lines logged in one turn of the event loop reach stdout together, in one write at the end of the turn', async () => {
  using out = fileDestination();
  out.logger.info('first');
  out.logger.warn({ requestId: 'req_1' }, 'second');
  out.logger.info('third');
  assert.equal(out.text(), '', 'nothing is written while the turn runs');
  await nextTurn();
  assert.deepEqual(out.messages(), ['first', 'second', 'third']);
  assert.equal(out.writes(), 1);
  out.logger.info('fourth');
  await nextTurn();
  assert.deepEqual(out.messages(), ['first', 'second', 'third', 'fourth']);
  assert.equal(out.writes(), 2, 'a later turn is a write of its own');
});

test("a turn's lines past a pipe's atomic write go in pieces of whole lines, none longer unless one line is", async () => {
  // Workers share stdout: a pipe keeps a write of up to PIPE_BUF bytes whole, a longer one may be interleaved with another's.
  const writes: Buffer[] = [];
  using out = fileDestination((real) => (fd, data) => (writes.push(Buffer.from(data)), real(fd, data)));
  for (let index = 0; index < 60; index++) out.logger.info({ index }, `line ${index} ${'é'.repeat(40)}`);
  out.logger.info('x'.repeat(ATOMIC_WRITE_BYTES + 500));
  out.logger.info('after the long one');
  await nextTurn();
  assert.deepEqual(out.messages(), [...Array.from({ length: 60 }, (_, index) => `line ${index} ${'é'.repeat(40)}`), 'x'.repeat(ATOMIC_WRITE_BYTES + 500), 'after the long one']);
  assert.ok(writes.length >= 3, `${writes.length} writes`);
  for (const piece of writes) {
    assert.equal(piece.at(-1), 0x0a, 'each piece ends with a line');
    const lines = piece.toString('utf8').split('\n').filter(Boolean);
    assert.ok(piece.length <= ATOMIC_WRITE_BYTES || lines.length === 1, `a piece of ${piece.length} bytes holds ${lines.length} lines`);
  }
});

test('flush (svc shutdown) writes what waits at once', () => {
  using out = fileDestination();
  out.logger.info('at shutdown');
  let flushed = false;
  out.logger.flush(() => (flushed = true));
  assert.equal(flushed, true);
  assert.deepEqual(out.messages(), ['at shutdown']);
});

test('a short write: the rest follows, nothing lost or repeated, multi-byte characters included', async () => {
  // A pipe whose reader takes 7 bytes at a time: characters are cut between writes.
  using out = fileDestination((real) => (fd, data) => real(fd, Buffer.from(data).subarray(0, 7)));
  out.logger.info('naïve café 中文 ☕');
  out.logger.info('second line');
  await nextTurn();
  assert.deepEqual(out.messages(), ['naïve café 中文 ☕', 'second line']);
});

test('a full non-blocking stdout (EAGAIN): the lines wait and are written, in order, once it takes them', async () => {
  let refusals = 3;
  using out = fileDestination((real) => (fd, data) => {
    if (refusals > 0) {
      refusals--;
      throw errno('EAGAIN');
    }
    return real(fd, data);
  });
  out.logger.info('one');
  await nextTurn();
  out.logger.info('two');
  await nextTurn();
  out.logger.info('three');
  await until(() => out.messages().length === 3, 'the three lines');
  assert.deepEqual(out.messages(), ['one', 'two', 'three']);
  assert.equal(refusals, 0);
});

test('a reader that does not keep up: the held lines are bounded, and the dropped ones counted in a warning once it does', async () => {
  let refusing = true;
  using out = fileDestination((real) => (fd, data) => {
    if (refusing) throw errno('EAGAIN');
    return real(fd, data);
  });
  const line = 'x'.repeat(1000);
  const logged = Math.ceil(MAX_PENDING_CHARS / 1000) + 500;
  for (let index = 0; index < logged; index++) out.logger.info({ index }, line);
  await sleep(30);
  assert.equal(out.text(), '');
  refusing = false;
  await until(() => out.text().includes('log lines dropped'), 'the dropped-lines warning');
  const lines = out.text().split('\n').filter(Boolean).map((text) => JSON.parse(text) as { index?: number; dropped?: number; level: number });
  const kept = lines.filter((entry) => entry.index !== undefined);
  assert.ok(kept.length * 1000 <= MAX_PENDING_CHARS + 2000, `held ${kept.length} lines of ~1 KB`);
  assert.ok(kept.length >= logged - 1000, `kept ${kept.length} of ${logged}`);
  assert.deepEqual(kept.map((entry) => entry.index), [...Array(kept.length).keys()], 'the first lines, in order');
  const notice = lines.at(-1)!;
  assert.equal(notice.level, 40);
  assert.equal(notice.dropped, logged - kept.length);
});

test('a stdout that is gone (EPIPE): the lines are dropped and logging goes on without throwing', async () => {
  let gone = true;
  using out = fileDestination((real) => (fd, data) => {
    if (gone) throw errno('EPIPE');
    return real(fd, data);
  });
  out.logger.info('lost');
  await nextTurn();
  gone = false;
  out.logger.info('after');
  await nextTurn();
  assert.deepEqual(out.messages(), ['after']);
});

test('lines logged in the turn the process exits in are written', async () => {
  const script = `
    import pino from 'pino';
    import { TurnBatchedDestination } from './src/observability/log-destination.ts';
    const logger = pino({ base: undefined }, new TurnBatchedDestination(1));
    logger.info('just before exit');
    logger.error({ code: 3 }, 'the reason');
    process.exit(3);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  assert.equal(code, 3);
  assert.deepEqual(stdout.split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { msg: string }).msg), ['just before exit', 'the reason']);
});

test('two processes logging into one pipe under backpressure: every line arrives whole', async () => {
  // Two workers of a multi-worker svc share their stdout; the reader here is slow, so the pipe fills and writers wait.
  const script = `
    import pino from 'pino';
    import { TurnBatchedDestination } from './src/observability/log-destination.ts';
    const logger = pino({ base: undefined }, new TurnBatchedDestination(1));
    const worker = process.argv.at(-1);
    for (let turn = 0; turn < 200; turn++) {
      for (let index = 0; index < 40; index++) logger.info({ worker, turn, index }, 'y'.repeat(200));
      await new Promise((resolve) => setImmediate(resolve));
    }`;
  const shell = spawn('sh', ['-c', `"${process.execPath}" --import tsx --input-type=module -e "$SCRIPT" a & "${process.execPath}" --import tsx --input-type=module -e "$SCRIPT" b & wait`], {
    env: { ...process.env, SCRIPT: script },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const chunks: Buffer[] = [];
  shell.stdout.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    // A slow reader: the pipe stays full and each writer blocks part-way through its writes.
    shell.stdout.pause();
    setTimeout(() => shell.stdout.resume(), 1);
  });
  const code = await new Promise<number | null>((resolve) => shell.on('close', resolve));
  assert.equal(code, 0);
  const lines = Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean);
  let broken = 0;
  const seen = { a: 0, b: 0 };
  for (const line of lines) {
    try {
      const entry = JSON.parse(line) as { worker: 'a' | 'b' };
      seen[entry.worker]++;
    } catch {
      broken++;
    }
  }
  assert.equal(broken, 0, `${broken} of ${lines.length} lines arrived cut or mixed`);
  assert.deepEqual(seen, { a: 8000, b: 8000 });
});
