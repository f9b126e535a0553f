import { parseArgs } from 'node:util';
import { REVOCATION_CHANNEL } from '../auth/authenticator.js';
import type { PublicKey } from '../auth/key-issuer.js';
import { parseBody } from '../http/request-body/parse-body.js';
import { newKeyBody } from '../routes/admin/admin-schemas.js';
import { openSharedState } from '../storage/open-storage.js';
import { exitCodes, numberFlag, textTable, UsageError, type CliOutput } from './cli-output.js';
import { withStorage } from './storage-session.js';

/** `svc orgs …` and `svc keys …`: the admin API's org and key operations, against the configured storage. */

export async function orgsList(_args: string[], output: CliOutput, env: NodeJS.ProcessEnv): Promise<number> {
  const orgs = await withStorage(env, ({ store }) => store.tenants.listOrgs());
  output.result(orgs, () => textTable(orgs, [['ID', (org) => org.id], ['NAME', (org) => org.name], ['CREATED', (org) => org.created_at]]));
  return exitCodes.ok;
}

export async function orgsCreate(args: string[], output: CliOutput, env: NodeJS.ProcessEnv): Promise<number> {
  const name = args.join(' ').trim();
  if (!name) throw new UsageError('the org needs a name');
  const org = await withStorage(env, ({ issuer }) => issuer.createOrg(name));
  output.result(org, () => `created org ${org.id} (${org.name})`);
  return exitCodes.ok;
}

export async function keysList(args: string[], output: CliOutput, env: NodeJS.ProcessEnv): Promise<number> {
  const { values } = parseArgs({ args, options: { org: { type: 'string' } } });
  const keys = await withStorage(env, ({ issuer }) => issuer.listKeys(values.org));
  output.result(keys, () =>
    textTable(keys, [
      ['ID', (key: PublicKey) => key.id],
      ['ORG', (key: PublicKey) => key.org_id],
      ['NAME', (key: PublicKey) => key.name],
      ['PREFIX', (key: PublicKey) => key.prefix],
      ['SCOPES', (key: PublicKey) => key.scopes],
      ['LIMITS', (key: PublicKey) => limitsOf(key)],
      ['STATE', (key: PublicKey) => stateOf(key)],
    ]),
  );
  return exitCodes.ok;
}

export async function keysCreate(args: string[], output: CliOutput, env: NodeJS.ProcessEnv): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      org: { type: 'string' },
      name: { type: 'string' },
      scopes: { type: 'string' },
      'expires-at': { type: 'string' },
      rpm: { type: 'string' },
      tpm: { type: 'string' },
      'monthly-token-quota': { type: 'string' },
      'monthly-budget-usd': { type: 'string' },
    },
  });
  if (!values.org) throw new UsageError('--org is required');
  // The same declaration as POST /v1/admin/keys: a bad value gets the API's words.
  const body = parseBody(newKeyBody, {
    org_id: values.org,
    name: values.name,
    scopes: values.scopes?.split(',').map((scope) => scope.trim()).filter(Boolean),
    expires_at: values['expires-at'],
    rpm: numberFlag('rpm', values.rpm),
    tpm: numberFlag('tpm', values.tpm),
    monthly_token_quota: numberFlag('monthly-token-quota', values['monthly-token-quota']),
    monthly_budget_usd: numberFlag('monthly-budget-usd', values['monthly-budget-usd']),
  });
  const { key, record } = await withStorage(env, ({ issuer }) =>
    issuer.createKey({
      org_id: body.org_id,
      name: body.name ?? undefined,
      scopes: body.scopes ?? undefined,
      expires_at: body.expires_at ?? undefined,
      rpm: body.rpm,
      tpm: body.tpm,
      monthly_token_quota: body.monthly_token_quota,
      monthly_budget_usd: body.monthly_budget_usd,
    }),
  );
  output.result({ ...record, key }, () => `created key ${record.id} for org ${record.org_id} (scopes ${record.scopes.join(',')}${limitsOf(record) ? `; ${limitsOf(record)}` : ''})\n${key}`);
  output.note('The key is shown only once: store it now.');
  return exitCodes.ok;
}

export async function keysRevoke(args: string[], output: CliOutput, env: NodeJS.ProcessEnv): Promise<number> {
  const [id] = args;
  if (!id || args.length > 1) throw new UsageError('one key id is needed');
  const { keyHash, redisUrl, prefix } = await withStorage(env, async ({ issuer, config }) => ({ keyHash: await issuer.revokeKey(id), redisUrl: config.storage.redisUrl, prefix: config.storage.redisKeyPrefix }));
  // Running gateways cache keys for a few seconds; with Redis they are told at once, as the admin API tells them.
  if (redisUrl) {
    const state = await openSharedState({ redisUrl, keyPrefix: prefix });
    try {
      await state.publish(REVOCATION_CHANNEL, keyHash);
    } catch (error) {
      output.note(`revoked, but Redis could not be told (${error instanceof Error ? error.message : String(error)}): gateways drop the key within 5 s`);
    } finally {
      await state.close();
    }
  }
  output.result({ id, revoked: true }, () => `revoked key ${id}`);
  return exitCodes.ok;
}

function limitsOf(key: Pick<PublicKey, 'rpm' | 'tpm' | 'monthly_token_quota' | 'monthly_budget_usd'>): string {
  const parts: string[] = [];
  if (key.rpm !== null) parts.push(`rpm ${key.rpm}`);
  if (key.tpm !== null) parts.push(`tpm ${key.tpm}`);
  if (key.monthly_token_quota !== null) parts.push(`${key.monthly_token_quota} tokens/month`);
  if (key.monthly_budget_usd !== null) parts.push(`$${key.monthly_budget_usd}/month`);
  return parts.join(', ');
}

function stateOf(key: PublicKey): string {
  if (key.revoked_at) return `revoked ${key.revoked_at}`;
  if (key.expires_at && Date.parse(key.expires_at) <= Date.now()) return `expired ${key.expires_at}`;
  return 'active';
}
