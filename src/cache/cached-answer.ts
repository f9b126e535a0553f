import { flattened } from '../shared/flat-string.js';
import type { ChatCompletion } from '../core/chat-types.js';

/**
 * A chat answer as the caches keep it. The completion is held as its JSON text: a cache of 10,000 answers held
 * as object trees is some 200,000 objects the garbage collector traces on every full collection (a full
 * collection went from 16 to 46 ms with both caches full), and one string per answer is one object it does
 * not look into. A hit parses its own copy, so nothing done to an answer reaches the cache.
 */
export interface CachedAnswer {
  completionJson: string;
  /** The catalog slug of the model that produced it (the source label of a hit). */
  servedModel: string;
  /** What svc adapted to produce it (a clamped temperature…): they describe the cached answer too. */
  warnings?: string[];
}

export function cachedAnswer(completion: ChatCompletion, servedModel: string, warnings?: string[]): CachedAnswer {
  return { completionJson: flattened(JSON.stringify(completion)), servedModel, ...(warnings ? { warnings } : {}) };
}

/** Bytes an answer's text holds at most: two a character when it is not all Latin-1 (both caches' bounds count it so). */
export function answerBytes(answer: CachedAnswer): number {
  return 2 * answer.completionJson.length;
}

/** A fresh copy of the cached completion. */
export function completionOf(answer: CachedAnswer): ChatCompletion {
  return JSON.parse(answer.completionJson) as ChatCompletion;
}

/**
 * The answer as the shared stores carry it, `{"completion": {…}, "servedModel": …}`: the format they have always
 * had, so instances of an earlier version read it and are read. The completion's text is spliced in, not parsed.
 */
export function answerToJson(answer: CachedAnswer): string {
  const warnings = answer.warnings ? `,"warnings":${JSON.stringify(answer.warnings)}` : '';
  return `{"completion":${answer.completionJson},"servedModel":${JSON.stringify(answer.servedModel)}${warnings}}`;
}

/** The answer from its shared form, parsed (see answerToJson); undefined when it is not one. */
export function answerFromShared(value: unknown): CachedAnswer | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { completion, servedModel, warnings } = value as { completion?: unknown; servedModel?: unknown; warnings?: unknown };
  if (typeof completion !== 'object' || completion === null || typeof servedModel !== 'string') return undefined;
  const validWarnings = Array.isArray(warnings) && warnings.every((warning) => typeof warning === 'string') ? (warnings as string[]) : undefined;
  return cachedAnswer(completion as ChatCompletion, servedModel, validWarnings);
}
