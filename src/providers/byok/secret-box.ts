import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for BYOK provider keys at rest. The 32-byte key comes from SVC_ENCRYPTION_KEY (any
 * string, hashed to 32 bytes) or, when unset, is derived from the master key with HKDF.
 * Ciphertext format: base64(iv[12] | tag[16] | ciphertext).
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static fromSecrets(encryptionKey: string | undefined, masterKey: string | undefined): SecretBox | undefined {
    if (encryptionKey) return new SecretBox(createHash('sha256').update(encryptionKey).digest());
    if (masterKey) return new SecretBox(Buffer.from(hkdfSync('sha256', masterKey, 'svc-byok-salt', 'svc byok provider keys', 32)));
    return undefined;
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
  }

  decrypt(encoded: string): string {
    const data = Buffer.from(encoded, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, data.subarray(0, 12));
    decipher.setAuthTag(data.subarray(12, 28));
    return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
  }
}
