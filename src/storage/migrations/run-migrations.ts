import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { initialSchemaMigration } from './0001-initial-schema.js';
import { usageDetailAndDeadLettersMigration } from './0002-usage-detail-and-dead-letters.js';
import { storedResponsesMigration } from './0003-stored-responses.js';
import { governanceAndAuditMigration } from './0004-governance-and-audit.js';
import { providerKeyProtectionMigration } from './0005-provider-key-protection.js';
import { semanticCacheSwitchMigration } from './0006-semantic-cache-switch.js';
import { audioUsageMigration } from './0007-audio-usage.js';
import { memoryFactsMigration } from './0008-memory-facts.js';
import { usageRoutingAndErrorsMigration } from './0009-usage-routing-and-errors.js';

/** Every migration, in order of name. Listed statically so nothing is looked up on disk (works from dist/ and tsx alike). */
const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchemaMigration,
  '0002-usage-detail-and-dead-letters': usageDetailAndDeadLettersMigration,
  '0003-stored-responses': storedResponsesMigration,
  '0004-governance-and-audit': governanceAndAuditMigration,
  '0005-provider-key-protection': providerKeyProtectionMigration,
  '0006-semantic-cache-switch': semanticCacheSwitchMigration,
  '0007-audio-usage': audioUsageMigration,
  '0008-memory-facts': memoryFactsMigration,
  '0009-usage-routing-and-errors': usageRoutingAndErrorsMigration,
};

const staticMigrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};

export interface MigrateOptions {
  /**
   * Schema of Kysely's bookkeeping tables (PostgreSQL). Kysely's existence check looks at every
   * schema when none is given, so a second schema on the same server must name its own.
   */
  migrationTableSchema?: string;
}

/** Applies every pending migration; throws the first failure. */
export async function migrateToLatest(db: Kysely<any>, options: MigrateOptions = {}): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: staticMigrationProvider,
    migrationTableSchema: options.migrationTableSchema,
  });
  const { error, results } = await retriedWhileSchemasVanish(() => migrator.migrateToLatest());
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/** PostgreSQL's invalid_schema_name. */
const SCHEMA_VANISHED = '3F000';

/**
 * Runs `migrate` again (up to `attempts` times in all) while it fails because a schema vanished under it. Kysely's
 * check for its own tables reads the tables of every schema on the server, and names each schema again as it does:
 * a schema dropped meanwhile (another deployment's, a test run's cleanup) fails the check with 3F000, naming a schema
 * that is not ours. Migrations run in a transaction, so a run that failed left nothing half done.
 */
export async function retriedWhileSchemasVanish<Result extends { error?: unknown }>(migrate: () => Promise<Result>, attempts = 3, pauseMs = 50): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await migrate();
    if (attempt >= attempts || (result.error as { code?: unknown } | undefined)?.code !== SCHEMA_VANISHED) return result;
    await new Promise((resolve) => setTimeout(resolve, pauseMs * attempt));
  }
}
