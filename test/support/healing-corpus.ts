import { readFileSync } from 'node:fs';
import { contentExpectation } from '../../src/verification/chat-json-checks.js';
import { healJson, type HealOutcome } from '../../src/verification/json-healer.js';

export interface CorpusItem {
  name: string;
  category: string;
  answer: string;
  /** The value the healed answer must hold, or "untouched" (valid as it is) or "refused" (hopeless). */
  expected: unknown;
  schema?: Record<string, unknown>;
}

/** test/fixtures/json-healing-corpus.json (written by make-json-healing-corpus.py). */
export function healingCorpus(): CorpusItem[] {
  return JSON.parse(readFileSync(new URL('../fixtures/json-healing-corpus.json', import.meta.url), 'utf8')) as CorpusItem[];
}

/** Heals an item's answer as the gateway checks content: json_schema when the item has a schema, json_object otherwise. */
export function healItem(item: CorpusItem): HealOutcome {
  const format = item.schema ? { type: 'json_schema' as const, json_schema: { name: 'item', schema: item.schema } } : { type: 'json_object' as const };
  return healJson(item.answer, contentExpectation(format)!);
}
