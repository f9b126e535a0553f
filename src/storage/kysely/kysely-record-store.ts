import { sql, type Kysely } from 'kysely';
import type { StorageDatabase } from '../database-schema.js';
import { migrateToLatest } from '../migrations/run-migrations.js';
import type { AuditStore, GovernanceStore, MemoryFactStore, ProviderKeyStore, RecordStore, ResponseStore, SettingsStore, TenantStore, UsageStore } from '../../core/storage-interfaces.js';
import { KyselyAuditStore } from './kysely-audit-store.js';
import { KyselyGovernanceStore } from './kysely-governance-store.js';
import { KyselyMemoryFactStore } from './kysely-memory-fact-store.js';
import { KyselyResponseStore } from './kysely-response-store.js';
import { KyselyProviderKeyStore } from './kysely-provider-key-store.js';
import { KyselySettingsStore } from './kysely-settings-store.js';
import { KyselyTenantStore } from './kysely-tenant-store.js';
import { KyselyUsageStore } from './kysely-usage-store.js';

/**
 * The stores of every concern on one Kysely database, written once for both dialects. The sqlite/ and
 * postgres/ subclasses only set up the connection (and, for SQLite, the ledger's writer thread).
 */
export class KyselyRecordStore implements RecordStore {
  readonly tenants: TenantStore;
  readonly settings: SettingsStore;
  readonly usage: UsageStore;
  readonly providerKeys: ProviderKeyStore;
  readonly responses: ResponseStore;
  readonly governance: GovernanceStore;
  readonly audit: AuditStore;
  readonly memoryFacts: MemoryFactStore;

  constructor(
    protected readonly db: Kysely<StorageDatabase>,
    readonly kind: 'sqlite' | 'postgres',
    /** Dialect-specific writers of the append-only tables (SQLite writes them off the event loop). */
    writers: { usage?: UsageStore; memoryFacts?: MemoryFactStore; responses?: ResponseStore; audit?: AuditStore } = {},
  ) {
    this.tenants = new KyselyTenantStore(db);
    this.settings = new KyselySettingsStore(db);
    this.usage = writers.usage ?? new KyselyUsageStore(db);
    this.providerKeys = new KyselyProviderKeyStore(db);
    this.responses = writers.responses ?? new KyselyResponseStore(db);
    this.governance = new KyselyGovernanceStore(db);
    this.audit = writers.audit ?? new KyselyAuditStore(db);
    this.memoryFacts = writers.memoryFacts ?? new KyselyMemoryFactStore(db);
  }

  async migrate(): Promise<void> {
    await migrateToLatest(this.db);
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}
