#!/usr/bin/env node
import { CliOutput, exitCodes, UsageError } from './cli/cli-output.js';
import { commands, findCommand } from './cli/commands.js';
import { ConfigError } from './config/load-config.js';
import { GatewayError } from './errors/gateway-error.js';

const help = `svc: unified AI gateway (OpenAI-compatible /v1 API)

usage:
  svc serve                      start the gateway (PORT, HOST, SVC_* variables; see README)
${commands.map((command) => `  ${command.usage}\n      ${command.summary}`).join('\n')}

Every command reads the same configuration as svc serve (SVC_CONFIG, SVC_DATA_DIR, SVC_DATABASE_URL, SVC_REDIS_URL…).
--json prints the result as JSON on stdout. Exit codes: 0 done, 1 failed (or problems found), 2 wrong usage.
`;

async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  const words = argv.filter((argument) => argument !== '--json');
  const output = new CliOutput(json);
  if (words.length === 0 || words[0] === 'serve') {
    // Loaded only to serve: the gateway's modules (NLP, tokenizer, indexes) would slow every other command.
    await (await import('./cli/serve.js')).serve();
    return -1; // keeps running
  }
  if (words[0] === '--help' || words[0] === '-h' || words[0] === 'help') {
    process.stdout.write(help);
    return exitCodes.ok;
  }
  const found = findCommand(words);
  if (!found) {
    process.stderr.write(`unknown command: svc ${words.slice(0, 2).join(' ')}\n\n${help}`);
    return exitCodes.usage;
  }
  try {
    return await (await found.command.load())(found.args, output, process.env);
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      process.stderr.write(`${(error as Error).message}\nusage: ${(error as UsageError).usage ?? found.command.usage}\n`);
      return exitCodes.usage;
    }
    // A refused value (the admin API's own words), a missing org or key, a bad configuration: said in one line.
    if (error instanceof GatewayError || error instanceof ConfigError) {
      output.note(error.message);
      return error instanceof GatewayError && error.status === 400 ? exitCodes.usage : exitCodes.failed;
    }
    throw error;
  }
}

function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}

main(process.argv.slice(2)).then(
  (code) => {
    // Exit at once: a pool or a socket left open must not keep a finished command alive (stdout to a pipe or file is written synchronously).
    if (code >= 0) process.exit(code);
  },
  (error) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
