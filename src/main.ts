#!/usr/bin/env node
import { runAdminCommand } from './cli/admin-commands.js';
import { serve } from './cli/serve.js';
import { ConfigError } from './config/load-config.js';

const help = `svc: unified AI gateway (OpenAI-compatible /v1 API)

usage:
  svc serve                      start the gateway (PORT, HOST, SVC_* variables; see README)
  svc orgs create NAME           create an org
  svc orgs list                  list orgs
  svc keys create --org ID [--name NAME] [--scopes api,metrics] [--expires-at ISO8601]
  svc keys list [--org ID]       list keys (never their secrets)
  svc keys revoke ID             revoke a key
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'serve') {
    await serve();
    return -1; // keeps running
  }
  if (command === 'orgs' || command === 'keys') return runAdminCommand(command, rest);
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(help);
    return 0;
  }
  process.stderr.write(`unknown command: ${command}\n\n${help}`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
