import type { Usage } from '../../core/chat-types.js';

/**
 * Token counts from an upstream are checked here, at the adapter boundary, before they reach a bill:
 * an integer from 0 to a ceiling no single request reaches. Anything else (12.5, -3, "abc", 1e20, null)
 * is not used; the count is estimated instead and the answer says so in a warning.
 */
export const MAX_TOKEN_COUNT = 100_000_000;

/**
 * A count: an integer from 0 to MAX_TOKEN_COUNT (NaN, Infinity, strings and fractions are not). Checked by hand, not
 * with a schema: every answer reads five or so of these, and the schema's parse was 0.7 % of proxy mode's CPU.
 */
export const isTokenCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_TOKEN_COUNT;

/** Fields of a usage block the upstream sent but that were not token counts (read by the pipeline, never serialized). */
export const unreadableUsage: unique symbol = Symbol('unreadable usage fields');

export type CheckedUsage = Usage & { [unreadableUsage]?: string[] };

/** Reads token counts off a raw usage object, noting each field that is present but not a count. */
export class TokenCountReader {
  readonly problems: string[] = [];

  constructor(private readonly raw: Record<string, unknown> | undefined) {}

  /** The count at `field`: undefined when absent, or when present but unreadable (then noted). */
  read(field: string, from: Record<string, unknown> | undefined = this.raw): number | undefined {
    const value = from?.[field];
    if (value === undefined) return undefined;
    if (isTokenCount(value)) return value;
    this.problems.push(`${field}=${JSON.stringify(value) ?? String(value)}`);
    return undefined;
  }

  /** The count at `field`, which every usage block of the wire carries: absent is noted as unreadable too (never billed as 0). */
  require(field: string, from: Record<string, unknown> | undefined = this.raw): number | undefined {
    if (from?.[field] === undefined) {
      this.problems.push(`${field} absent`);
      return undefined;
    }
    return this.read(field, from);
  }

  /** Marks the usage with the fields that could not be read, if any. */
  finish(usage: Usage): CheckedUsage {
    if (this.problems.length > 0) (usage as CheckedUsage)[unreadableUsage] = this.problems;
    return usage;
  }
}

export function unreadableFieldsOf(usage: Usage | null | undefined): string[] | undefined {
  return usage ? (usage as CheckedUsage)[unreadableUsage] : undefined;
}
