import type { Kysely, Migration } from 'kysely';

/**
 * BYOK keys at rest and their base URLs: `key_id` names the encryption key a ciphertext was sealed with
 * (null: the key svc used before key ids, derived from SVC_ENCRYPTION_KEY or the master key), so keys can
 * be rotated; `base_url_trust` says who set the base URL (`platform`: the master key or a platform admin,
 * reached as configured; `org`: an org admin, reached on public addresses only).
 */
export const providerKeyProtectionMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('provider_keys').addColumn('key_id', 'text').execute();
    await db.schema.alterTable('provider_keys').addColumn('base_url_trust', 'text').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('provider_keys').dropColumn('base_url_trust').execute();
    await db.schema.alterTable('provider_keys').dropColumn('key_id').execute();
  },
};
