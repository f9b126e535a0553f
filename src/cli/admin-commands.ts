import { parseArgs } from 'node:util';
import { KeyIssuer } from '../auth/key-issuer.js';
import { loadCatalog } from '../catalog/catalog.js';
import { loadConfig } from '../config/load-config.js';
import { openRecordStore } from '../storage/open-storage.js';
import { rotateEncryption } from './rotate-encryption.js';

/** `svc orgs create NAME`, `svc keys create --org ID`, `svc keys list`, `svc keys revoke ID`: against the configured storage. */
export async function runAdminCommand(group: string, args: string[]): Promise<number> {
  const config = await loadConfig(process.env, await loadCatalog());
  const store = await openRecordStore({ databaseUrl: config.storage.databaseUrl, dataDir: config.storage.dataDir });
  const issuer = new KeyIssuer(store.tenants);
  try {
    await issuer.ensureDefaultOrg();
    const [action, ...rest] = args;
    if (group === 'orgs' && action === 'create') {
      const name = rest.join(' ').trim();
      if (!name) return usage('svc orgs create NAME');
      print(await issuer.createOrg(name));
      return 0;
    }
    if (group === 'orgs' && action === 'list') {
      print(await store.tenants.listOrgs());
      return 0;
    }
    if (group === 'keys' && action === 'create') {
      const { values } = parseArgs({
        args: rest,
        options: { org: { type: 'string' }, name: { type: 'string' }, scopes: { type: 'string' }, 'expires-at': { type: 'string' } },
      });
      if (!values.org) return usage('svc keys create --org ID [--name NAME] [--scopes api,metrics] [--expires-at ISO8601]');
      const { key, record } = await issuer.createKey({
        org_id: values.org,
        name: values.name,
        scopes: values.scopes?.split(',').map((scope) => scope.trim()).filter(Boolean),
        expires_at: values['expires-at'],
      });
      print({ ...record, key });
      process.stderr.write('The key is shown only once: store it now.\n');
      return 0;
    }
    if (group === 'keys' && action === 'list') {
      const { values } = parseArgs({ args: rest, options: { org: { type: 'string' } } });
      print(await issuer.listKeys(values.org));
      return 0;
    }
    if (group === 'keys' && action === 'rotate-encryption') {
      const result = await rotateEncryption(config, store.providerKeys);
      print(result);
      if (result.unreadable.length > 0) process.stderr.write('Some keys could not be opened: they keep their old encryption until they are stored again.\n');
      process.stderr.write('Restart every svc instance so it seals new keys with the new encryption key.\n');
      return result.unreadable.length > 0 ? 1 : 0;
    }
    if (group === 'keys' && action === 'revoke') {
      if (!rest[0]) return usage('svc keys revoke ID');
      await issuer.revokeKey(rest[0]);
      print({ id: rest[0], revoked: true });
      return 0;
    }
    return usage(`unknown command: svc ${group} ${action ?? ''}`.trim());
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await store.close();
  }
}

function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

function usage(text: string): number {
  process.stderr.write(`usage: ${text}\n`);
  return 2;
}
