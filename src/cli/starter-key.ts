import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { KeyIssuer } from '../auth/key-issuer.js';
import { defaultOrgId } from '../auth/principal.js';
import type { TenantStore } from '../core/storage-interfaces.js';

export const STARTER_KEY_FILE = 'starter-api-key';

/**
 * A fresh install has no master key and no API key, so nobody could call it. On that first start svc issues
 * one key of the org `default` (default scopes, no admin) and writes it to `<data dir>/starter-api-key`
 * (mode 0600), never to the log. The file is created exclusively, so several workers starting at once issue
 * one key. Returns the file's path when a key was issued now.
 */
export async function issueStarterKey(store: TenantStore, dataDir: string, masterKey: string | undefined): Promise<string | undefined> {
  if (masterKey) return undefined;
  const path = join(dataDir, STARTER_KEY_FILE);
  if ((await store.listApiKeys()).length > 0) return undefined;
  let file;
  try {
    file = await open(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw error;
  }
  try {
    const issuer = new KeyIssuer(store);
    await issuer.ensureDefaultOrg();
    const { key } = await issuer.createKey({ org_id: defaultOrgId, name: 'starter key (first start)' });
    await file.writeFile(`${key}\n`);
    return path;
  } finally {
    await file.close();
  }
}
