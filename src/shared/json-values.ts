/** Narrowing and parsing helpers for upstream JSON (and JSON text from callers), whose shape we never trust. */

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** JSON.parse, or undefined when the text is not JSON (an error page, a truncated body). */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Tool-call arguments: chat completions carries them as JSON text, Anthropic and Gemini want the object.
 * Blank text is `{}`; anything that is not a JSON object is undefined (the adapter warns and sends `{}`).
 */
export function parseJsonObject(text: string): JsonObject | undefined {
  if (text.trim() === '') return {};
  const parsed = tryParseJson(text);
  return isJsonObject(parsed) ? parsed : undefined;
}

/** A copy of `value` without `key` (the value itself when it has no such key). */
export function withoutKey<T extends object>(value: T, key: string): T {
  if (!(key in value)) return value;
  const copy = { ...value } as Record<string, unknown>;
  delete copy[key];
  return copy as T;
}
