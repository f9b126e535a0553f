import { countTokens, loadTokenizer } from '../../billing/token-estimator.js';
import { emptyUsage, type MeteredUsage } from '../../core/metered-usage.js';
import { isJsonObject, tryParseJson } from '../../shared/json-values.js';
import type { RealtimeMeter } from '../wire-adapter.js';

/**
 * What a realtime session's responses consumed by svc's own count, for a response whose `response.done` never came
 * (the client left, the upstream dropped the session) or carried counts that are not counts: billed as estimated,
 * never as nothing. OpenAI's rule (developers.openai.com/api/docs/guides/realtime-costs): the whole conversation is
 * the input of every response; audio is 1 token per 100 ms in user messages and 1 per 50 ms in assistant messages;
 * text is counted with the tokenizer. A response is billed for the output svc relayed of it (as a cut chat stream is).
 * A readable `response.done` resets the conversation's count to the upstream's own (its input plus its output).
 * An assistant item the client truncates (`conversation.item.truncate`: the user interrupted, only `audio_end_ms` was
 * heard) keeps that much audio in the conversation and loses its transcript, as the upstream does.
 */

/** Bytes a second of each audio format (wire-formats.md §1.7): PCM16 at 24 kHz, G.711 at 8 kHz. */
const PCM16_BYTES_PER_SECOND = 48_000;
const G711_BYTES_PER_SECOND = 8_000;
const USER_AUDIO_MS_PER_TOKEN = 100;
const ASSISTANT_AUDIO_MS_PER_TOKEN = 50;
/** A client event past this size (a client may send up to 16 MB) is not parsed: its audio is measured, its text estimated. */
const LARGE_EVENT_CHARS = 256 * 1024;
const CHARACTERS_PER_TOKEN = 4;
/** Assistant items remembered for a truncation (a client truncates the item it is playing: a recent one). */
const REMEMBERED_ITEMS = 64;

const AUDIO_DELTAS = ['"response.output_audio.delta"', '"response.audio.delta"'];
const TEXT_DELTAS = ['"response.output_text.delta"', '"response.text.delta"', '"response.output_audio_transcript.delta"', '"response.audio_transcript.delta"'];

/** Tokens of conversation, text and audio apart (they are priced apart). */
interface Tokens {
  text: number;
  audio: number;
}

interface OpenResponse {
  /** The conversation when the response was created: its input. */
  input: Tokens;
  text: string;
  audioBytes: number;
  /** What truncations of its items took out of the conversation before it finished. */
  truncated: Tokens;
}

/** An assistant item a response said: what of it the conversation holds, until the client truncates it. */
interface AssistantItem {
  responseId: string;
  audioBytes: number;
  text: string;
  /** Once truncated: the audio tokens left of it (its transcript is gone). */
  keptAudio?: number;
}

export class OpenAiRealtimeMeter implements RealtimeMeter {
  private instructions = 0;
  private readonly conversation: Tokens = { text: 0, audio: 0 };
  /** User audio appended and not yet part of a response's input (it becomes conversation when one is created). */
  private pendingUserAudioBytes = 0;
  private inputBytesPerSecond = PCM16_BYTES_PER_SECOND;
  private outputBytesPerSecond = PCM16_BYTES_PER_SECOND;
  private readonly responses = new Map<string, OpenResponse>();
  private readonly items = new Map<string, AssistantItem>();

  constructor() {
    // Counts of text are exact once the tokenizer is loaded: a session is long enough for it.
    void loadTokenizer();
  }

  client(text: string): void {
    if (text.includes('"input_audio_buffer.append"')) {
      this.pendingUserAudioBytes += base64Bytes(text, '"audio"');
      return;
    }
    if (text.includes('"input_audio_buffer.clear"')) {
      this.pendingUserAudioBytes = 0;
      return;
    }
    if (text.includes('"conversation.item.truncate"')) {
      const event = tryParseJson(text);
      if (isJsonObject(event) && event.type === 'conversation.item.truncate' && typeof event.item_id === 'string' && typeof event.audio_end_ms === 'number') this.truncate(event.item_id, event.audio_end_ms);
      return;
    }
    const isItem = text.includes('"conversation.item.create"');
    if (!isItem && !text.includes('"session.update"')) return;
    if (text.length > LARGE_EVENT_CHARS) {
      // Megabytes are not parsed, nor tokenized, on the event loop: a recorded clip added whole is measured for its
      // audio; instructions that long count a token per four characters (the tokenizer took ~40 ms a megabyte here).
      if (isItem) {
        this.commitUserAudio();
        this.conversation.audio += audioTokens(base64Bytes(text, '"audio"'), this.inputBytesPerSecond, USER_AUDIO_MS_PER_TOKEN);
      } else this.instructions = Math.ceil(text.length / CHARACTERS_PER_TOKEN);
      return;
    }
    const event = tryParseJson(text);
    if (!isJsonObject(event)) return;
    if (event.type === 'session.update' && isJsonObject(event.session)) this.readSession(event.session);
    else if (event.type === 'conversation.item.create' && isJsonObject(event.item)) this.addItem(event.item);
  }

  upstream(text: string): void {
    if (text.includes('"response.created"')) {
      const event = tryParseJson(text);
      const id = isJsonObject(event) && event.type === 'response.created' && isJsonObject(event.response) ? event.response.id : undefined;
      if (typeof id === 'string' && !this.responses.has(id)) this.open(id);
      return;
    }
    if (AUDIO_DELTAS.some((type) => text.includes(type))) {
      const responseId = stringField(text, '"response_id"') ?? '';
      const response = this.responses.get(responseId);
      if (!response) return;
      const bytes = base64Bytes(text, '"delta"');
      response.audioBytes += bytes;
      const item = this.itemOf(stringField(text, '"item_id"'), responseId);
      if (item) item.audioBytes += bytes;
      return;
    }
    if (TEXT_DELTAS.some((type) => text.includes(type))) {
      const event = tryParseJson(text);
      if (!isJsonObject(event) || typeof event.response_id !== 'string' || typeof event.delta !== 'string') return;
      const response = this.responses.get(event.response_id);
      if (!response) return;
      response.text += event.delta;
      const item = this.itemOf(typeof event.item_id === 'string' ? event.item_id : undefined, event.response_id);
      if (item) item.text += event.delta;
    }
  }

  estimate(responseId: string): MeteredUsage {
    const response = this.responses.get(responseId) ?? this.open(responseId);
    const outputAudio = audioTokens(response.audioBytes, this.outputBytesPerSecond, ASSISTANT_AUDIO_MS_PER_TOKEN);
    const outputText = countTokens(response.text);
    const usage = emptyUsage();
    usage.inputTokens = this.instructions + response.input.text + response.input.audio;
    usage.audioInputTokens = response.input.audio;
    usage.outputTokens = outputText + outputAudio;
    usage.audioOutputTokens = outputAudio;
    usage.estimated = true;
    return usage;
  }

  finished(responseId: string, usage: MeteredUsage): void {
    const truncated = this.responses.get(responseId)?.truncated ?? { text: 0, audio: 0 };
    this.responses.delete(responseId);
    if (!usage.estimated) {
      // The upstream's own count of the conversation it read: ours follows it from now on.
      this.conversation.audio = usage.audioInputTokens;
      this.conversation.text = Math.max(0, usage.inputTokens - usage.audioInputTokens - this.instructions);
    }
    // What the response said is part of the conversation the next one reads, but for what the client truncated of it.
    this.conversation.audio += Math.max(0, usage.audioOutputTokens - truncated.audio);
    this.conversation.text += Math.max(0, usage.outputTokens - usage.audioOutputTokens - truncated.text);
  }

  /** A response begins: the user audio appended so far joins the conversation, which is its input. */
  private open(id: string): OpenResponse {
    this.commitUserAudio();
    const response: OpenResponse = { input: { ...this.conversation }, text: '', audioBytes: 0, truncated: { text: 0, audio: 0 } };
    this.responses.set(id, response);
    return response;
  }

  /** The assistant item `itemId` of a response, remembered (the oldest forgotten past REMEMBERED_ITEMS). */
  private itemOf(itemId: string | undefined, responseId: string): AssistantItem | undefined {
    if (itemId === undefined) return undefined;
    let item = this.items.get(itemId);
    if (!item) {
      item = { responseId, audioBytes: 0, text: '' };
      this.items.set(itemId, item);
      if (this.items.size > REMEMBERED_ITEMS) this.items.delete(this.items.keys().next().value!);
    }
    return item;
  }

  /**
   * The client truncated an assistant item at `audioEndMs`: the conversation keeps that much of its audio and none of
   * its transcript. Taken from the conversation now, or from what its response adds to it when that one finishes.
   */
  private truncate(itemId: string, audioEndMs: number): void {
    const item = this.items.get(itemId);
    if (!item || !(audioEndMs >= 0)) return;
    const audio = Math.min(item.keptAudio ?? Infinity, audioTokens(item.audioBytes, this.outputBytesPerSecond, ASSISTANT_AUDIO_MS_PER_TOKEN));
    const kept = Math.min(audio, Math.ceil(audioEndMs / ASSISTANT_AUDIO_MS_PER_TOKEN));
    const removed: Tokens = { audio: audio - kept, text: item.keptAudio === undefined ? countTokens(item.text) : 0 };
    item.keptAudio = kept;
    const open = this.responses.get(item.responseId);
    if (open) {
      open.truncated.audio += removed.audio;
      open.truncated.text += removed.text;
    } else {
      this.conversation.audio = Math.max(0, this.conversation.audio - removed.audio);
      this.conversation.text = Math.max(0, this.conversation.text - removed.text);
    }
  }

  private commitUserAudio(): void {
    if (this.pendingUserAudioBytes === 0) return;
    this.conversation.audio += audioTokens(this.pendingUserAudioBytes, this.inputBytesPerSecond, USER_AUDIO_MS_PER_TOKEN);
    this.pendingUserAudioBytes = 0;
  }

  /** Instructions (text of every response's input) and the audio formats, GA and beta shapes alike. */
  private readSession(session: Record<string, unknown>): void {
    if (typeof session.instructions === 'string') this.instructions = countTokens(session.instructions);
    const audio = isJsonObject(session.audio) ? session.audio : {};
    const input = isJsonObject(audio.input) ? audio.input.format : session.input_audio_format;
    const output = isJsonObject(audio.output) ? audio.output.format : session.output_audio_format;
    if (input !== undefined) this.inputBytesPerSecond = bytesPerSecond(input);
    if (output !== undefined) this.outputBytesPerSecond = bytesPerSecond(output);
  }

  /** A conversation item the client adds: its text and audio join the conversation (a user's audio at the user's rate). */
  private addItem(item: Record<string, unknown>): void {
    this.commitUserAudio();
    const assistant = item.role === 'assistant';
    for (const part of Array.isArray(item.content) ? item.content : []) {
      if (!isJsonObject(part)) continue;
      if (typeof part.text === 'string') this.conversation.text += countTokens(part.text);
      if (typeof part.transcript === 'string' && assistant) this.conversation.text += countTokens(part.transcript);
      if (typeof part.audio === 'string') this.conversation.audio += audioTokens(Buffer.byteLength(part.audio, 'base64'), this.inputBytesPerSecond, assistant ? ASSISTANT_AUDIO_MS_PER_TOKEN : USER_AUDIO_MS_PER_TOKEN);
    }
    // A tool's answer is text the next response reads.
    if (typeof item.output === 'string') this.conversation.text += countTokens(item.output);
  }
}

/** PCM16 at 24 kHz unless the format names G.711 (`audio/pcmu`, `audio/pcma`, `g711_ulaw`, `g711_alaw`). */
function bytesPerSecond(format: unknown): number {
  const name = isJsonObject(format) ? format.type : format;
  return typeof name === 'string' && /pcm[ua]$|g711/.test(name) ? G711_BYTES_PER_SECOND : PCM16_BYTES_PER_SECOND;
}

/** Tokens of `bytes` of audio in a format of `bytesPerSecond`, at one token per `msPerToken` (a part counts whole). */
function audioTokens(bytes: number, bytesPerSecond: number, msPerToken: number): number {
  return Math.ceil(((bytes / bytesPerSecond) * 1000) / msPerToken);
}

/**
 * The decoded size of the base64 string value of `field` in an event's text, found without parsing it: an audio
 * event is mostly that one string (base64 holds no quote or backslash), and parsing each would cost the relay.
 */
function base64Bytes(text: string, field: string): number {
  const value = stringField(text, field);
  return value === undefined ? 0 : Buffer.byteLength(value, 'base64');
}

/** The string value of `field` (`"delta"`) in JSON text, when it holds no escape; undefined when absent. */
function stringField(text: string, field: string): string | undefined {
  const at = text.indexOf(field);
  if (at === -1) return undefined;
  const open = text.indexOf('"', text.indexOf(':', at + field.length) + 1);
  const close = open === -1 ? -1 : text.indexOf('"', open + 1);
  return close === -1 ? undefined : text.slice(open + 1, close);
}
