import type { CliOutput } from './cli-output.js';

/** What a command module exports for the table: it is loaded only when its command runs (`svc --help` loads none). */
type Run = (args: string[], output: CliOutput, env: NodeJS.ProcessEnv) => Promise<number>;

/** One CLI command: the words that name it, how it is called, what it does, and where its code is. */
export interface CliCommand {
  words: string[];
  usage: string;
  summary: string;
  load(): Promise<Run>;
}

/** Every command but `serve`, in the order `svc --help` lists them. */
export const commands: CliCommand[] = [
  { words: ['orgs', 'list'], usage: 'svc orgs list [--json]', summary: 'list orgs', load: async () => (await import('./tenant-commands.js')).orgsList },
  { words: ['orgs', 'create'], usage: 'svc orgs create NAME [--json]', summary: 'create an org', load: async () => (await import('./tenant-commands.js')).orgsCreate },
  { words: ['keys', 'list'], usage: 'svc keys list [--org ID] [--json]', summary: 'list API keys (never their secrets)', load: async () => (await import('./tenant-commands.js')).keysList },
  {
    words: ['keys', 'create'],
    usage: 'svc keys create --org ID [--name NAME] [--scopes api,metrics,admin] [--expires-at ISO8601] [--rpm N] [--tpm N] [--monthly-token-quota N] [--monthly-budget-usd USD] [--json]',
    summary: 'create an API key with scopes and limits (the secret is shown once)',
    load: async () => (await import('./tenant-commands.js')).keysCreate,
  },
  { words: ['keys', 'revoke'], usage: 'svc keys revoke ID [--json]', summary: 'revoke an API key', load: async () => (await import('./tenant-commands.js')).keysRevoke },
  { words: ['keys', 'rotate-encryption'], usage: 'svc keys rotate-encryption [--json]', summary: 're-seal every BYOK key under the current encryption key', load: async () => (await import('./rotate-encryption.js')).rotateEncryptionCommand },
  { words: ['usage'], usage: 'svc usage --org ID [--from ISO8601] [--to ISO8601] [--json]', summary: "an org's usage and cost, per model", load: async () => (await import('./usage-command.js')).usageCommand },
  {
    words: ['byok', 'set'],
    usage: 'svc byok set --org ID --provider PROVIDER --key KEY|- [--base-url URL] [--json]',
    summary: "store an org's own provider key, encrypted (--key - reads it from stdin)",
    load: async () => (await import('./byok-commands.js')).byokSet,
  },
  { words: ['byok', 'delete'], usage: 'svc byok delete --org ID --provider PROVIDER [--json]', summary: "remove an org's own provider key (back to the platform's)", load: async () => (await import('./byok-commands.js')).byokDelete },
  { words: ['byok', 'list'], usage: 'svc byok list --org ID [--json]', summary: 'which providers an org brings its own key for', load: async () => (await import('./byok-commands.js')).byokList },
  { words: ['config', 'reference'], usage: 'svc config reference', summary: 'print every config key with its type, default and meaning', load: async () => (await import('./config-check.js')).configReferenceCommand },
  { words: ['config', 'check'], usage: 'svc config check FILE [--json]', summary: 'validate a config file and print what is wrong', load: async () => (await import('./config-check.js')).configCheck },
  { words: ['doctor'], usage: 'svc doctor [--json]', summary: 'check the storage, Redis and every configured provider key', load: async () => (await import('./doctor.js')).doctor },
];

/** The command named by the first words of `argv`, and the arguments after them. */
export function findCommand(argv: string[]): { command: CliCommand; args: string[] } | undefined {
  for (const command of commands) {
    if (command.words.every((word, index) => argv[index] === word)) return { command, args: argv.slice(command.words.length) };
  }
  return undefined;
}

