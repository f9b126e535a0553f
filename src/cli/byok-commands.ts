import { parseArgs } from 'node:util';
import { parseBody } from '../http/request-body/parse-body.js';
import { EncryptionKeyring } from '../providers/byok/encryption-keyring.js';
import { ProviderKeyVault } from '../providers/byok/provider-key-vault.js';
import { providerKeyBody } from '../routes/admin/admin-schemas.js';
import { OutboundAllowList } from '../shared/outbound-address.js';
import { GatewayError } from '../errors/gateway-error.js';
import { exitCodes, textTable, UsageError, type CliOutput } from './cli-output.js';
import { withStorage, type StorageSession } from './storage-session.js';

/** `svc byok …`: an org's own provider keys (PUT/DELETE /v1/admin/orgs/{id}/provider-keys/{provider}), sealed with the encryption key. */

export async function byokSet(args: string[], output: CliOutput, env: NodeJS.ProcessEnv, stdin: () => Promise<string> = readStdin): Promise<number> {
  const { values } = parseArgs({ args, options: { org: { type: 'string' }, provider: { type: 'string' }, key: { type: 'string' }, 'base-url': { type: 'string' } } });
  if (!values.org || !values.provider || !values.key) throw new UsageError('--org, --provider and --key are required');
  // `--key -` reads the key from stdin, so it stays out of the shell history and the process list.
  const apiKey = values.key === '-' ? (await stdin()).trim() : values.key;
  const body = parseBody(providerKeyBody, { api_key: apiKey, base_url: values['base-url'] });
  const baseUrl = body.base_url?.replace(/\/+$/, '') ?? undefined;
  await withStorage(env, async (session) => {
    await requireOrgAndProvider(session, values.org!, values.provider!);
    // The operator is the platform: the base URL is reached as given (as the master key's PUT does).
    await (await vaultOf(session)).put(values.org!, values.provider!, body.api_key, baseUrl, 'platform');
  });
  output.result({ org_id: values.org, provider: values.provider, base_url: baseUrl ?? null, configured: true }, () => `org ${values.org} now uses its own ${values.provider} key${baseUrl ? ` at ${baseUrl}` : ''}`);
  return exitCodes.ok;
}

export async function byokDelete(args: string[], output: CliOutput, env: NodeJS.ProcessEnv): Promise<number> {
  const { values } = parseArgs({ args, options: { org: { type: 'string' }, provider: { type: 'string' } } });
  if (!values.org || !values.provider) throw new UsageError('--org and --provider are required');
  const deleted = await withStorage(env, async (session) => (await vaultOf(session)).delete(values.org!, values.provider!));
  if (!deleted) {
    output.note(`org ${values.org} has no ${values.provider} key`);
    return exitCodes.failed;
  }
  output.result({ org_id: values.org, provider: values.provider, configured: false }, () => `org ${values.org} is back on the platform's ${values.provider} key`);
  return exitCodes.ok;
}

export async function byokList(args: string[], output: CliOutput, env: NodeJS.ProcessEnv): Promise<number> {
  const { values } = parseArgs({ args, options: { org: { type: 'string' } } });
  if (!values.org) throw new UsageError('--org is required');
  const records = await withStorage(env, ({ store }) => store.providerKeys.listProviderKeys(values.org!));
  // Never the key itself, sealed or not.
  const keys = records.map((record) => ({ org_id: record.org_id, provider: record.provider, base_url: record.base_url, created_at: record.created_at, updated_at: record.updated_at }));
  output.result(keys, () => textTable(keys, [['PROVIDER', (key) => key.provider], ['BASE URL', (key) => key.base_url], ['UPDATED', (key) => key.updated_at]]));
  return exitCodes.ok;
}

async function vaultOf({ config, store }: StorageSession): Promise<ProviderKeyVault> {
  return new ProviderKeyVault(store.providerKeys, await EncryptionKeyring.load(config), new OutboundAllowList(config.security.byokAllowedHosts));
}

async function requireOrgAndProvider({ store, catalog, config }: StorageSession, orgId: string, provider: string): Promise<void> {
  if (!(await store.tenants.getOrg(orgId))) throw new GatewayError('resource_not_found', `Org ${orgId} does not exist`);
  const known = catalog.providers.some((row) => row.id === provider && !row.built_in) || config.providers[provider] !== undefined;
  if (!known) throw new UsageError(`unknown provider ${JSON.stringify(provider)}`);
}

async function readStdin(): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of process.stdin) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}
