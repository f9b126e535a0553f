import type { ChatMessage, ChatRequest, ContentPart } from '../../core/chat-types.js';
import { piiDetectors, type PiiType } from './pii-detectors.js';

const placeholderPattern = /\[(API_KEY|EMAIL|IBAN|CARD|NATIONAL_ID|PHONE)_(\d+)\]/g;
/** The longest placeholder: a held-back tail of a stream is never longer. */
const MAX_PLACEHOLDER_LENGTH = 24;

/**
 * One request's redaction: each distinct PII value becomes a typed placeholder (`[EMAIL_1]`), the same
 * value the same placeholder, so the model can still refer to it; the answer gets the originals back.
 * The mapping lives only in this object, for the request's lifetime.
 */
export class Redactor {
  private readonly byValue = new Map<string, string>();
  private readonly byPlaceholder = new Map<string, string>();
  /** Placeholder-like text the caller wrote itself (`[EMAIL_1]` typed literally): never issued, so never "restored". */
  private readonly reserved = new Set<string>();
  /** The last number issued per label (`EMAIL` → 3 after `[EMAIL_3]`). */
  private readonly lastNumber = new Map<string, number>();
  readonly counts: Partial<Record<PiiType, number>> = {};

  get redacted(): boolean {
    return this.byPlaceholder.size > 0;
  }

  redactText(text: string): string {
    let result = text;
    for (const detector of piiDetectors) {
      if (detector.requires !== undefined && !result.includes(detector.requires)) continue;
      result = result.replace(detector.pattern, (match) => {
        if (detector.accept && !detector.accept(match)) return match;
        this.counts[detector.type] = (this.counts[detector.type] ?? 0) + 1;
        let placeholder = this.byValue.get(match);
        if (!placeholder) {
          const label = detector.type.toUpperCase();
          // The next number after the last one issued, past any the caller typed itself. Counting the label's placeholders
          // for each new value made a text of many distinct values quadratic (10,000 e-mail addresses: 9.8 s of the event
          // loop), and after a skipped number it issued one already taken.
          let number = (this.lastNumber.get(label) ?? 0) + 1;
          while (this.reserved.has(`[${label}_${number}]`)) number++;
          this.lastNumber.set(label, number);
          placeholder = `[${label}_${number}]`;
          this.byValue.set(match, placeholder);
          this.byPlaceholder.set(placeholder, match);
        }
        return placeholder;
      });
    }
    return result;
  }

  /** The request with every text it carries redacted (message contents, names of nothing, tool arguments). */
  redactRequest(request: ChatRequest): ChatRequest {
    for (const message of request.messages) this.reserveLiterals(message);
    return { ...request, messages: request.messages.map((message) => this.redactMessage(message)) };
  }

  /** Puts the originals back into a text. */
  restore(text: string): string {
    if (!this.redacted || !text.includes('[')) return text;
    return text.replace(placeholderPattern, (placeholder) => this.byPlaceholder.get(placeholder) ?? placeholder);
  }

  /** A streaming restorer: placeholders may be split across chunks. */
  streamRestorer(): StreamRestorer {
    return new StreamRestorer(this);
  }

  /** Notes the placeholder-like text a message already holds. */
  private reserveLiterals(message: ChatMessage): void {
    const texts = typeof message.content === 'string' ? [message.content] : Array.isArray(message.content) ? message.content.map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : '')) : [];
    for (const call of message.tool_calls ?? []) texts.push(call.function.arguments);
    for (const text of texts) for (const literal of text.match(placeholderPattern) ?? []) this.reserved.add(literal);
  }

  private redactMessage(message: ChatMessage): ChatMessage {
    const copy: ChatMessage = { ...message };
    if (typeof message.content === 'string') copy.content = this.redactText(message.content);
    else if (Array.isArray(message.content)) copy.content = message.content.map((part) => this.redactPart(part));
    if (message.tool_calls) copy.tool_calls = message.tool_calls.map((call) => ({ ...call, function: { ...call.function, arguments: this.redactText(call.function.arguments) } }));
    return copy;
  }

  private redactPart(part: ContentPart): ContentPart {
    return part.type === 'text' && typeof part.text === 'string' ? { ...part, text: this.redactText(part.text) } : part;
  }
}

/**
 * Restores a text that arrives in pieces, per channel (a choice's content, a tool call's arguments): the
 * tail that could be the start of a placeholder is held back until the next piece tells.
 */
export class StreamRestorer {
  private readonly pending = new Map<string, string>();

  constructor(private readonly redactor: Redactor) {}

  push(channel: string, piece: string): string {
    const text = (this.pending.get(channel) ?? '') + piece;
    const open = text.lastIndexOf('[');
    if (open >= 0 && text.indexOf(']', open) < 0 && text.length - open < MAX_PLACEHOLDER_LENGTH && /^\[[A-Z_]*\d*$/.test(text.slice(open))) {
      this.pending.set(channel, text.slice(open));
      return this.redactor.restore(text.slice(0, open));
    }
    this.pending.delete(channel);
    return this.redactor.restore(text);
  }

  /** What a channel still holds, at its end. */
  flush(channel: string): string {
    const rest = this.pending.get(channel) ?? '';
    this.pending.delete(channel);
    return this.redactor.restore(rest);
  }

  /** Every channel still holding text. */
  channels(): string[] {
    return [...this.pending.keys()];
  }
}
