import { embedLocally } from '../cache/semantic/local-embedder.js';
import { LruCache } from '../shared/lru-cache.js';
import type { MemoryFact, MemoryFactStore } from '../core/storage-interfaces.js';
import type { ExtractedFact } from './fact-extraction.js';

/** Facts read per conversation when a request may need them: the newest, enough for a long conversation. */
const FACTS_READ = 200;
/**
 * Facts a conversation keeps in the store: twice what recall reads (a fact older than the newest FACTS_READ is never
 * recalled nor listed), pruned back to this once past PRUNE_ABOVE — one delete per hundred facts. Unbounded, a
 * long-running conversation's store grew for nothing, and with it the count each request makes of its facts.
 */
export const FACTS_STORED = 2 * FACTS_READ;
export const PRUNE_ABOVE = FACTS_STORED + 100;
/** Facts recalled into one request at most. */
const MAX_RECALLED = 5;
/** Candidates asked whether the request already holds them, best first. */
const PRESENCE_CHECKS = 20;
/** Cosine similarity (built-in embedder) from which a fact is close enough to the request to recall it. */
const SIMILARITY_FLOOR = 0.45;
const QUANTUM = 127;

/**
 * Of a long prompt (a document and a question about it), recall reads the start and the end, where the question
 * is: reading all of it cost 39 ms at 100 KB and 364 ms at 1 MB of event loop, for every full-mode request.
 */
const RECALL_WINDOW_CHARS = 2000;

export function recallWindow(prompt: string): string {
  return prompt.length <= 2 * RECALL_WINDOW_CHARS ? prompt : `${prompt.slice(0, RECALL_WINDOW_CHARS)}\n${prompt.slice(-RECALL_WINDOW_CHARS)}`;
}

/** The text the embedder reads: lower case, words only. */
const forEmbedding = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function encodeEmbedding(vector: Float32Array): string {
  const bytes = Int8Array.from(vector, (value) => Math.max(-QUANTUM, Math.min(QUANTUM, Math.round(value * QUANTUM))));
  return Buffer.from(bytes.buffer).toString('base64');
}

/**
 * A stored embedding as its non-zero components: the character part of a sentence's vector is mostly zeros
 * (some 40 of 256 trigram dimensions), so a dot product over these is 2–3 times shorter than over all 356.
 */
interface SparseEmbedding {
  indices: Uint16Array;
  values: Int8Array;
}

function decodeEmbedding(stored: string): SparseEmbedding | undefined {
  if (stored === '') return undefined;
  const bytes = Buffer.from(stored, 'base64');
  let nonZero = 0;
  for (const byte of bytes) if (byte !== 0) nonZero++;
  const indices = new Uint16Array(nonZero);
  const values = new Int8Array(nonZero);
  let at = 0;
  for (let index = 0; index < bytes.length; index++) {
    if (bytes[index] === 0) continue;
    indices[at] = index;
    values[at++] = (bytes[index] << 24) >> 24;
  }
  return { indices, values };
}

function similarity(stored: SparseEmbedding | undefined, query: Float32Array): number {
  if (stored === undefined) return 0;
  const { indices, values } = stored;
  let sum = 0;
  for (let at = 0; at < indices.length; at++) if (indices[at] < query.length) sum += values[at] * query[indices[at]];
  return sum / QUANTUM;
}

/** A stored fact as recall reads it: its embedding decoded once, its entities split once into words and phrases. */
export interface KnownFact {
  id: string;
  text: string;
  entities: MemoryFact['entities'];
  /** Values of its entities that are one word ("lisbon", "26994"): named when the request has that word. */
  entityWords: readonly string[];
  /** The other values ("new york", "o'brien", "上海"): searched in the request's text. */
  entityPhrases: readonly string[];
  vector: SparseEmbedding | undefined;
}

const ONE_WORD = /^[\p{L}\p{N}]+$/u;
const CJK = /[\u3040-\u30ff\u3400-\u9fff]/u;
/** What splits a text into the words a one-word entity is matched against (the complement of ONE_WORD's class). */
const NOT_WORD = /[^\p{L}\p{N}]+/u;

export function knownFact(fact: MemoryFact): KnownFact {
  const entityWords: string[] = [];
  const entityPhrases: string[] = [];
  // CJK text has no spaces between words: a CJK value is a substring of the request's run of characters, not a word of it.
  for (const { value } of fact.entities) (ONE_WORD.test(value) && !CJK.test(value) ? entityWords : entityPhrases).push(value);
  return { id: fact.id, text: fact.text, entities: fact.entities, entityWords, entityPhrases, vector: decodeEmbedding(fact.embedding) };
}

/** One conversation's newest facts as last read, with what the store said of them then. */
interface KnownConversation {
  facts: KnownFact[];
  total: number;
  newest: string | null;
}

/** A conversation's key among the known ones: no org or conversation id holds a NUL. */
const conversationKey = (orgId: string, conversationId: string) => `${orgId}\u0000${conversationId}`;

/** Facts kept decoded in process, all conversations together (about 0.5 KB each). */
const FACTS_KEPT = 20_000;

/** Whole-word occurrence of a phrase in the request (CJK text has no word boundaries: a substring). */
function mentions(text: string, value: string): boolean {
  const at = text.indexOf(value);
  if (at < 0) return false;
  if (CJK.test(value)) return true;
  const before = at === 0 ? '' : text[at - 1];
  const after = text[at + value.length] ?? '';
  return !/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after);
}

/**
 * Whether the request names an entity's value: a one-word value by one lookup among the request's words, a phrase
 * by a search of its text, asked once per phrase. Most facts carry a value of their own (a quantity, a date), which a
 * search each (a regex and a scan) made recall's cost grow with the facts: under the soak's load, recall at 62 facts
 * took 402 µs with a search per value, 327 µs with this.
 */
function namesIn(lowered: string): { word: (value: string) => boolean; phrase: (value: string) => boolean } {
  const words = new Set(lowered.split(NOT_WORD));
  const phrases = new Map<string, boolean>();
  const word = (value: string) => words.has(value);
  const phrase = (value: string) => {
    let found = phrases.get(value);
    if (found === undefined) phrases.set(value, (found = mentions(lowered, value)));
    return found;
  };
  return { word, phrase };
}

export interface RecalledFact {
  text: string;
  /** Why it was recalled: the entities the request names, or its similarity. */
  matched: string[];
  score: number;
}

/** A user turn whose facts memory learns (after the answer). */
export interface TurnToLearn {
  orgId: string;
  conversationId: string;
  /** The turn's request: its facts' ids derive from it. */
  requestId: string;
  userText: string;
  at: string;
}

/** compromise (~20 MB) is loaded on the first extraction in this thread, not with the gateway. */
export async function extractInProcess(text: string): Promise<ExtractedFact[]> {
  return (await import('./fact-extraction.js')).extractFacts(text);
}

/** Each turn's facts, extracted in this thread. */
export const extractAllInProcess = (texts: readonly string[]): Promise<ExtractedFact[][]> => Promise.all(texts.map(extractInProcess));

/**
 * L2 memory (issue 18): the facts users stated (people, organizations, places, dates, quantities,
 * preferences), extracted from each turn after the answer and kept in the record store (SQLite or
 * PostgreSQL) per org and conversation; recalled when a request names them or means something close.
 */
export class FactMemory {
  /**
   * The facts of recently used conversations, decoded. Reading a conversation's 200 newest facts and decoding
   * them on every request cost about 1 ms of event loop at 50 facts, growing with them (the soak); now each
   * request asks the store how many facts the conversation holds and when the newest came, and reads only
   * what is new. A count or a newest time that does not add up (facts deleted, here or by another instance)
   * reads the conversation again, so forgotten facts are never recalled.
   */
  private readonly known = new LruCache<string, KnownConversation>({ maxEntries: 4096, maxSize: FACTS_KEPT, sizeOf: (known) => known.facts.length + 1 });

  constructor(
    private readonly store: MemoryFactStore,
    /** Where the turns' facts are extracted, each turn's in order (a worker thread in the gateway; in process by default). */
    private readonly extract: (texts: readonly string[]) => Promise<ExtractedFact[][]> = extractAllInProcess,
  ) {}

  /**
   * Extracts and stores the facts of user turns: one extraction call and one write for them all; ids derive from each
   * turn's request, so a retried batch stores nothing twice. A fact among the conversation's newest FACTS_READ (the
   * ones recall reads), or said earlier in the same batch, is not stored again when the user says it again: repeats
   * would push the older facts out of them. Returns how many facts were stored.
   */
  async learn(turns: readonly TurnToLearn[]): Promise<number> {
    if (turns.length === 0) return 0;
    const extracted = await this.extract(turns.map((turn) => turn.userText));
    const heldByConversation = new Map<string, Set<string>>();
    const facts: MemoryFact[] = [];
    for (const [position, turn] of turns.entries()) {
      if (extracted[position].length === 0) continue;
      const key = conversationKey(turn.orgId, turn.conversationId);
      let held = heldByConversation.get(key);
      if (!held) heldByConversation.set(key, (held = new Set((await this.recallable(turn.orgId, turn.conversationId)).map((known) => known.text))));
      for (const [index, fact] of extracted[position].entries()) {
        if (held.has(fact.text)) continue;
        held.add(fact.text);
        facts.push({
          id: `${turn.requestId}:${index}`,
          org_id: turn.orgId,
          conversation_id: turn.conversationId,
          created_at: turn.at,
          text: fact.text,
          entities: fact.entities,
          embedding: encodeEmbedding(embedLocally(forEmbedding(fact.text))),
        });
      }
    }
    if (facts.length > 0) {
      await this.store.putFacts(facts);
      await this.knowWritten(facts);
    }
    return facts.length;
  }

  /**
   * Prunes a conversation back to its FACTS_STORED newest facts (its store held more than PRUNE_ABOVE after a write).
   * The copy of it is dropped: its count no longer adds up, and the next recall reads the conversation again.
   */
  private async prune(orgId: string, conversationId: string): Promise<void> {
    await this.store.pruneFacts(orgId, conversationId, FACTS_STORED);
    this.known.delete(conversationKey(orgId, conversationId));
  }

  /**
   * Facts this process just stored join the conversations' copies (after the answer, with the store's new count and
   * newest time), so the next recall reads nothing back: reading them back cost ~250 µs of event loop a turn in the
   * soak. When the count does not add up (another instance stored facts meanwhile, or a retried batch stored nothing),
   * the copy is left as it was and read again, as before. A conversation past PRUNE_ABOVE facts is pruned.
   */
  private async knowWritten(facts: readonly MemoryFact[]): Promise<void> {
    const byConversation = new Map<string, MemoryFact[]>();
    for (const fact of facts) {
      const key = conversationKey(fact.org_id, fact.conversation_id);
      const list = byConversation.get(key);
      if (list) list.push(fact);
      else byConversation.set(key, [fact]);
    }
    for (const [key, written] of byConversation) {
      const known = this.known.get(key);
      const summary = await this.store.factsSummary(written[0].org_id, written[0].conversation_id);
      if (summary.total > PRUNE_ABOVE) {
        await this.prune(written[0].org_id, written[0].conversation_id);
        continue;
      }
      if (!known) continue;
      // Read again meanwhile, or stored beside by another: the copy is not this one plus what was written.
      if (this.known.get(key) !== known || summary.total !== known.total + written.length) continue;
      // Newest first, as the store lists them.
      this.keep(key, [...written.map(knownFact).reverse(), ...known.facts].slice(0, FACTS_READ), summary);
    }
  }

  async list(orgId: string, conversationId: string): Promise<MemoryFact[]> {
    return this.store.listFacts(orgId, conversationId, FACTS_READ);
  }

  /** The conversation's newest facts (at most 200), decoded, as the store holds them now. */
  async recallable(orgId: string, conversationId: string): Promise<readonly KnownFact[]> {
    const key = conversationKey(orgId, conversationId);
    const summary = await this.store.factsSummary(orgId, conversationId);
    const known = this.known.get(key);
    if (known && known.total === summary.total && known.newest === summary.newest) return known.facts;
    if (known?.newest && summary.newest !== null && summary.total > known.total) {
      // Facts stored since: those at or after the newest known time that are not known yet.
      const ids = new Set(known.facts.map((fact) => fact.id));
      const added = (await this.store.listFactsSince(orgId, conversationId, known.newest, FACTS_READ)).filter((fact) => !ids.has(fact.id));
      if (added.length === summary.total - known.total) return this.keep(key, [...added.map(knownFact), ...known.facts].slice(0, FACTS_READ), summary);
    }
    return this.keep(key, (await this.store.listFacts(orgId, conversationId, FACTS_READ)).map(knownFact), summary);
  }

  private keep(key: string, facts: KnownFact[], summary: { total: number; newest: string | null }): KnownFact[] {
    this.known.set(key, { facts, total: summary.total, newest: summary.newest });
    return facts;
  }

  /**
   * The facts worth recalling for `prompt`, best first: those whose entities it names, then those close in
   * meaning; none already in `present` (what the request carries or the recalled turns hold).
   */
  recall(facts: readonly KnownFact[], prompt: string, present: (text: string) => boolean): RecalledFact[] {
    if (facts.length === 0) return [];
    const window = recallWindow(prompt);
    const lowered = window.toLowerCase();
    const query = embedLocally(forEmbedding(window));
    const named = namesIn(lowered);
    // A one-word value outside the request's words can only stand inside a longer word: not named (mentions agrees).
    const isNamed = (value: string) => named.word(value) || named.phrase(value);
    // Scored first, described after: only the few recalled need their reasons spelt out.
    const scored: Array<{ fact: KnownFact; names: number; close: number; score: number }> = [];
    const seen = new Set<string>();
    for (const fact of facts) {
      if (seen.has(fact.text)) continue;
      seen.add(fact.text);
      let names = 0;
      for (const word of fact.entityWords) if (named.word(word)) names++;
      for (const phrase of fact.entityPhrases) if (named.phrase(phrase)) names++;
      const close = similarity(fact.vector, query);
      if (names === 0 && close < SIMILARITY_FLOOR) continue;
      scored.push({ fact, names, close, score: names + close });
    }
    scored.sort((left, right) => right.score - left.score);
    // Whether the request already holds a fact searches the whole request: asked of the best candidates only, and
    // when the best twenty are all there already, the request carries what memory would add.
    const recalled: RecalledFact[] = [];
    for (const { fact, names, close, score } of scored.slice(0, PRESENCE_CHECKS)) {
      if (present(fact.text)) continue;
      const matched = names > 0 ? fact.entities.filter((entity) => isNamed(entity.value)).map((entity) => entity.value) : [`similarity ${close.toFixed(2)}`];
      recalled.push({ text: fact.text, matched, score });
      if (recalled.length === MAX_RECALLED) break;
    }
    return recalled;
  }

  /** Forgets one conversation's facts, or every fact of the org. */
  forget(orgId: string, conversationId?: string): Promise<number> {
    // Read again on next use, here at once (another instance's copy by its count).
    this.known.clear();
    return this.store.deleteFacts(orgId, conversationId);
  }
}
