#!/usr/bin/env node
// Finds every *.test.ts under src/ and test/ (Node 20's test runner does not expand globs) and runs
// them with node:test through tsx. Extra arguments are passed to the runner (e.g. a folder filter).
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
const runnerFlags = process.argv.slice(2).filter((argument) => argument.startsWith('--'));

const files = [];
for (const folder of ['src', 'test']) {
  for (const entry of await readdir(join(root, folder), { recursive: true })) {
    if (!entry.endsWith('.test.ts')) continue;
    const path = join(folder, entry);
    if (filters.length === 0 || filters.some((filter) => path.includes(filter))) files.push(path);
  }
}
files.sort();
if (files.length === 0) {
  console.error(`no test files match ${filters.join(' ')}`);
  process.exit(1);
}
console.log(`running ${files.length} test files`);

// A hung test fails after two minutes instead of stalling the run (a flag given on the command line wins).
const timeout = runnerFlags.some((flag) => flag.startsWith('--test-timeout')) ? [] : ['--test-timeout=120000'];
const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...timeout, ...runnerFlags, ...files], {
  cwd: root,
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

