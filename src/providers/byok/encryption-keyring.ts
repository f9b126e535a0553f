import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The file of locally generated encryption keys: the current key on the first line, earlier ones after it. */
export const ENCRYPTION_KEY_FILE = 'encryption-key';

interface EncryptionKey {
  /** A fingerprint of the key, stored beside each ciphertext (never the key). */
  id: string;
  material: Buffer;
}

/** The parts of the configuration the keyring is made from. */
export interface KeyringConfig {
  encryptionKey?: string;
  previousEncryptionKeys: string[];
  masterKey?: string;
  storage: { dataDir: string; databaseUrl?: string };
}

/** Where the generated keys live: used when SVC_ENCRYPTION_KEY is unset and storage is local. */
export function keyFileOf(config: KeyringConfig): string | undefined {
  return config.encryptionKey || config.storage.databaseUrl !== undefined ? undefined : join(config.storage.dataDir, ENCRYPTION_KEY_FILE);
}

/** Why a stored key cannot be opened: said to the caller and the operator instead of a 500. */
export class UndecryptableSecret extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UndecryptableSecret';
  }
}

function keyFrom(secret: string): EncryptionKey {
  const material = createHash('sha256').update(secret).digest();
  return { id: createHash('sha256').update('svc-encryption-key-id\u0000').update(material).digest('hex').slice(0, 12), material };
}

/**
 * AES-256-GCM for BYOK provider keys at rest, with a keyring: ciphertexts are sealed with the current key
 * and name its id, so keys rotate (`svc keys rotate-encryption` re-seals every row under the current key;
 * earlier keys stay readable meanwhile). Each ciphertext is bound to its org and provider (GCM additional
 * data): a row copied to another org does not open. Format: base64(iv[12] | tag[16] | ciphertext).
 */
export class EncryptionKeyring {
  private readonly byId = new Map<string, EncryptionKey>();

  private constructor(
    private readonly current: EncryptionKey | undefined,
    previous: readonly EncryptionKey[],
    /** Keys of rows sealed before key ids existed (SVC_ENCRYPTION_KEY hashed, or derived from the master key), without bound data. */
    private readonly legacy: readonly Buffer[],
    /** Why there is no current key, for the error of a BYOK write. */
    readonly missingReason?: string,
  ) {
    for (const key of [...(current ? [current] : []), ...previous]) this.byId.set(key.id, key);
  }

  static of(current: string | undefined, previous: readonly string[] = [], legacySecrets: { encryptionKey?: string; masterKey?: string } = {}, missingReason?: string): EncryptionKeyring {
    const legacy: Buffer[] = [];
    if (legacySecrets.encryptionKey) legacy.push(createHash('sha256').update(legacySecrets.encryptionKey).digest());
    if (legacySecrets.masterKey) legacy.push(Buffer.from(hkdfSync('sha256', legacySecrets.masterKey, 'svc-byok-salt', 'svc byok provider keys', 32)));
    return new EncryptionKeyring(current ? keyFrom(current) : undefined, previous.map(keyFrom), legacy, missingReason);
  }

  /**
   * The keyring of this instance: SVC_ENCRYPTION_KEY (and SVC_PREVIOUS_ENCRYPTION_KEYS) when set; else,
   * with local storage, the key file of the data dir, generated (mode 0600, created exclusively so several
   * workers agree on one key) on first start. Never the master key: rotating one must not lose the other.
   */
  static async load(config: KeyringConfig): Promise<EncryptionKeyring> {
    const previous = config.previousEncryptionKeys;
    const legacy = { encryptionKey: config.encryptionKey, masterKey: config.masterKey };
    if (config.encryptionKey) return EncryptionKeyring.of(config.encryptionKey, previous, legacy);
    if (config.storage.databaseUrl !== undefined) {
      return EncryptionKeyring.of(undefined, previous, legacy, 'SVC_ENCRYPTION_KEY must be set to store BYOK provider keys in a shared database (SVC_DATABASE_URL)');
    }
    const keys = await readOrCreateKeyFile(keyFileOf(config));
    return EncryptionKeyring.of(keys[0], [...keys.slice(1), ...previous], legacy);
  }

  get currentKeyId(): string | undefined {
    return this.current?.id;
  }

  seal(plaintext: string, boundTo: string): { ciphertext: string; keyId: string } {
    if (!this.current) throw new UndecryptableSecret(this.missingReason ?? 'no encryption key is configured');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.material, iv);
    cipher.setAAD(Buffer.from(boundTo, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { ciphertext: Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64'), keyId: this.current.id };
  }

  /** Opens a ciphertext sealed under `keyId` (null: a row from before key ids) for `boundTo`, or says why it cannot. */
  open(ciphertext: string, keyId: string | null, boundTo: string): string {
    if (keyId === null) {
      for (const material of this.legacy) {
        const opened = tryOpen(material, ciphertext, undefined);
        if (opened !== undefined) return opened;
      }
      throw new UndecryptableSecret('it was stored before encryption key ids, under a key this instance does not hold (the master key or SVC_ENCRYPTION_KEY of that time)');
    }
    const key = this.byId.get(keyId);
    if (!key) throw new UndecryptableSecret(`it was sealed with encryption key ${keyId}, which this instance does not hold (set it in SVC_ENCRYPTION_KEY or SVC_PREVIOUS_ENCRYPTION_KEYS)`);
    const opened = tryOpen(key.material, ciphertext, boundTo);
    if (opened === undefined) throw new UndecryptableSecret(`it does not open with encryption key ${keyId}: it was altered, or belongs to another org or provider`);
    return opened;
  }
}

function tryOpen(material: Buffer, encoded: string, boundTo: string | undefined): string | undefined {
  try {
    const data = Buffer.from(encoded, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', material, data.subarray(0, 12));
    if (boundTo !== undefined) decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(data.subarray(12, 28));
    return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** The keys of a key file, current first; none when there is no file. */
export async function readKeyFile(path: string): Promise<string[]> {
  try {
    return (await readFile(path, 'utf8')).split('\n').map((line) => line.trim()).filter(Boolean);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The key file's keys (current first); a new file with one fresh key when there is none. */
async function readOrCreateKeyFile(path: string | undefined): Promise<string[]> {
  if (!path) throw new Error('no encryption key file with SVC_ENCRYPTION_KEY or a shared database');
  try {
    const file = await open(path, 'wx', 0o600);
    try {
      await file.writeFile(`${randomBytes(32).toString('base64url')}\n`);
    } finally {
      await file.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // Another worker may have just created it: poll briefly until its line is written.
  for (let attempt = 0; attempt < 50; attempt++) {
    const keys = await readKeyFile(path);
    if (keys.length > 0) return keys;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} holds no encryption key`);
}

/** What a ciphertext is bound to: its org and provider. */
export function secretBinding(orgId: string, provider: string): string {
  return `svc-byok\u0000${orgId}\u0000${provider}`;
}
