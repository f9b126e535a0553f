import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { StorageDatabase } from '../database-schema.js';
import { toNumber, toUtcTimestamp } from './record-rows.js';
import type { UsageBreakdownRow, UsageDimension, UsageQuery, UsageSummary, UsageTotals } from '../../core/storage-interfaces.js';

/** Usage totals and the per-model breakdown, aggregated by the database (SUM, COUNT, GROUP BY). */

type LedgerExpressions = ExpressionBuilder<StorageDatabase, 'usage_ledger'>;

function aggregateColumns(expressions: LedgerExpressions) {
  return [
    expressions.fn.countAll().as('requests'),
    expressions.fn.sum('prompt_tokens').as('prompt_tokens'),
    expressions.fn.sum('completion_tokens').as('completion_tokens'),
    expressions.fn.sum('cached_tokens').as('cached_tokens'),
    expressions.fn.sum('cost_usd').as('cost_usd'),
    expressions.fn.sum('baseline_cost_usd').as('baseline_cost_usd'),
    expressions.fn.sum('cache_hit').as('cache_hits'),
    expressions.fn.sum('audio_seconds').as('audio_seconds'),
    expressions.fn.sum('characters').as('characters'),
  ] as const;
}

type AggregateRow = Record<
  'requests' | 'prompt_tokens' | 'completion_tokens' | 'cached_tokens' | 'cost_usd' | 'baseline_cost_usd' | 'cache_hits' | 'audio_seconds' | 'characters',
  number | string | bigint | null
>;

function toTotals(row: AggregateRow | undefined): UsageTotals {
  const promptTokens = toNumber(row?.prompt_tokens);
  const completionTokens = toNumber(row?.completion_tokens);
  const costUsd = toNumber(row?.cost_usd);
  const baselineCostUsd = toNumber(row?.baseline_cost_usd);
  return {
    requests: toNumber(row?.requests),
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    cached_tokens: toNumber(row?.cached_tokens),
    cost_usd: costUsd,
    baseline_cost_usd: baselineCostUsd,
    savings_usd: baselineCostUsd - costUsd,
    cache_hits: toNumber(row?.cache_hits),
    audio_seconds: toNumber(row?.audio_seconds),
    characters: toNumber(row?.characters),
  };
}

function filteredLedger(db: Kysely<StorageDatabase>, query: UsageQuery) {
  let filtered = db.selectFrom('usage_ledger');
  if (query.org_id !== undefined) filtered = filtered.where('org_id', '=', query.org_id);
  if (query.key_id !== undefined) filtered = filtered.where('key_id', '=', query.key_id);
  if (query.cache_hit !== undefined) filtered = filtered.where('cache_hit', '=', query.cache_hit ? 1 : 0);
  if (query.from !== undefined) filtered = filtered.where('created_at', '>=', toUtcTimestamp(query.from));
  if (query.to !== undefined) filtered = filtered.where('created_at', '<', toUtcTimestamp(query.to));
  return filtered;
}

export async function summarizeUsage(db: Kysely<StorageDatabase>, query: UsageQuery): Promise<UsageSummary> {
  const filtered = filteredLedger(db, query);

  const [totalsRow, modelRows, statusRows, endpointRows] = await Promise.all([
    filtered.select(aggregateColumns).executeTakeFirst(),
    filtered
      .select((expressions) => ['model', 'provider', ...aggregateColumns(expressions)])
      .groupBy(['model', 'provider'])
      .execute(),
    filtered
      .select((expressions) => ['status', expressions.fn.countAll().as('requests')])
      .groupBy('status')
      .orderBy('status')
      .execute(),
    filtered
      .select((expressions) => ['endpoint', ...aggregateColumns(expressions)])
      .groupBy('endpoint')
      .orderBy('endpoint')
      .execute(),
  ]);

  const byModel = modelRows.map((row) => ({ model: row.model, provider: row.provider, ...toTotals(row) }));
  // Sorted here rather than in SQL: the dialects order NULL models differently.
  byModel.sort((left, right) => right.cost_usd - left.cost_usd || (left.model ?? '').localeCompare(right.model ?? ''));

  return {
    org_id: query.org_id ?? null,
    from: query.from ?? null,
    to: query.to ?? null,
    ...toTotals(totalsRow),
    by_model: byModel,
    // Failed and cut requests are in the ledger too: this says how many ended how.
    by_status: statusRows.map((row) => ({ status: Number(row.status), requests: toNumber(row.requests) })),
    by_endpoint: endpointRows.map((row) => ({ endpoint: row.endpoint, ...toTotals(row) })),
  };
}

/**
 * The SQL of each dimension. Timestamps are ISO 8601 text in UTC in both dialects, so an hour or a day is a
 * prefix of it (`2026-11-25T16`, `2026-11-25`): the same expression groups them on SQLite and PostgreSQL.
 */
const dimensionSql: Record<UsageDimension, RawBuilder<unknown>> = {
  hour: sql`substr(created_at, 1, 13)`,
  day: sql`substr(created_at, 1, 10)`,
  org: sql.ref('org_id'),
  key: sql.ref('key_id'),
  model: sql.ref('model'),
  provider: sql.ref('provider'),
  endpoint: sql.ref('endpoint'),
  tier: sql.ref('tier'),
  task_family: sql.ref('task_family'),
  status: sql.ref('status'),
};

/** A bucket's prefix back to the ISO time it starts at. */
const bucketStart: Partial<Record<UsageDimension, (prefix: string) => string>> = {
  hour: (prefix) => `${prefix}:00:00.000Z`,
  day: (prefix) => `${prefix}T00:00:00.000Z`,
};

export async function breakDownUsage(db: Kysely<StorageDatabase>, query: UsageQuery, dimensions: readonly UsageDimension[]): Promise<UsageBreakdownRow[]> {
  const unique = [...new Set(dimensions)];
  let select = filteredLedger(db, query).select((expressions) => [...unique.map((dimension) => dimensionSql[dimension].as(dimension)), ...aggregateColumns(expressions)]);
  for (const dimension of unique) select = select.groupBy(dimensionSql[dimension]);
  const rows = (await select.execute()) as Array<AggregateRow & Record<string, unknown>>;
  const result = rows.map((row) => {
    const out: UsageBreakdownRow = toTotals(row);
    for (const dimension of unique) {
      const value = row[dimension];
      const start = bucketStart[dimension];
      out[dimension] = value === null || value === undefined ? null : start ? start(String(value)) : dimension === 'status' ? Number(value) : String(value);
    }
    return out;
  });
  // Oldest bucket first, then the most expensive: sorted here, as the dialects order NULLs differently.
  const time = unique.find((dimension) => dimension === 'hour' || dimension === 'day');
  result.sort((left, right) => (time ? String(left[time]).localeCompare(String(right[time])) : 0) || right.cost_usd - left.cost_usd || String(left[unique[0]] ?? '').localeCompare(String(right[unique[0]] ?? '')));
  return result;
}
