import { randomBytes } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import type { GatewayConfig } from '../config/config-schema.js';
import type { ProviderKeyStore } from '../core/storage-interfaces.js';
import { EncryptionKeyring, keyFileOf, readKeyFile } from '../providers/byok/encryption-keyring.js';
import { ProviderKeyVault } from '../providers/byok/provider-key-vault.js';
import { OutboundAllowList } from '../shared/outbound-address.js';
import { exitCodes, type CliOutput } from './cli-output.js';
import { withStorage } from './storage-session.js';

export interface RotationResult {
  key_id: string | undefined;
  resealed: number;
  unreadable: Array<{ org_id: string; provider: string; reason: string }>;
}

/**
 * `svc keys rotate-encryption`: re-seals every stored BYOK key under the current encryption key.
 * With SVC_ENCRYPTION_KEY the operator sets the new key there and the old one in
 * SVC_PREVIOUS_ENCRYPTION_KEYS first. With the generated key file, a new key is generated: the file holds
 * new and old while the rows are re-sealed, then the new key alone (the old one stays if a row could not
 * be opened).
 */
export async function rotateEncryption(config: GatewayConfig, store: ProviderKeyStore): Promise<RotationResult> {
  const keyFile = keyFileOf(config);
  if (keyFile) await writeKeys(keyFile, [randomBytes(32).toString('base64url'), ...(await readKeyFile(keyFile))]);
  const keyring = await EncryptionKeyring.load(config);
  if (keyring.currentKeyId === undefined) throw new Error(keyring.missingReason ?? 'no encryption key is configured');
  const vault = new ProviderKeyVault(store, keyring, new OutboundAllowList([]));
  const { resealed, unreadable } = await vault.resealAll();
  if (keyFile && unreadable.length === 0) await writeKeys(keyFile, (await readKeyFile(keyFile)).slice(0, 1));
  return { key_id: keyring.currentKeyId, resealed, unreadable };
}

/** Written beside and renamed over: a crash leaves the old file or the new one, never half of one. */
async function writeKeys(path: string, keys: string[]): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${keys.join('\n')}\n`, { mode: 0o600 });
  await rename(temporary, path);
}

/** `svc keys rotate-encryption`. */
export async function rotateEncryptionCommand(_args: string[], output: CliOutput, env: NodeJS.ProcessEnv): Promise<number> {
  const result = await withStorage(env, ({ config, store }) => rotateEncryption(config, store.providerKeys));
  output.result(result, () => `re-sealed ${result.resealed} BYOK key(s) under key ${result.key_id}${result.unreadable.length ? `; ${result.unreadable.length} could not be opened` : ''}`);
  if (result.unreadable.length > 0) output.note('Some keys could not be opened: they keep their old encryption until they are stored again.');
  output.note('Restart every svc instance so it seals new keys with the new encryption key.');
  return result.unreadable.length > 0 ? exitCodes.failed : exitCodes.ok;
}
