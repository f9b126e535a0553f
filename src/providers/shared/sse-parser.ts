import { type ServerSentEvent } from '../provider-types.js';

/**
 * The longest line, and the most data one event may hold, in characters: an upstream that never ends its line (a
 * tenant's own base URL, a broken proxy) would otherwise grow the buffer until the process runs out of memory. A
 * Responses API `response.completed` event carries the whole answer, so the bound is generous.
 */
export const MAX_SSE_EVENT_CHARS = 32 * 1024 * 1024;

/**
 * Incremental parser of the text/event-stream format (WHATWG): feed it bytes as they arrive, get
 * complete events back. One parser for every SSE upstream, so no adapter parses SSE itself.
 */
export class SseParser {
  /** The byte-order mark is dropped here (see decode), not by the decoder, which may first decode mid-stream. */
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  /** Whether the decoder may hold the first bytes of a character cut at the end of the last read. */
  private decoderHoldsBytes = false;
  /** Whether any text was decoded yet: a byte-order mark is dropped only at the start of the stream. */
  private started = false;
  /**
   * The unfinished line, as the pieces it arrived in: joined only once a line ending arrives. Kept as one string grown
   * piece by piece, each search for a line ending copied all of it (V8 flattens a string built by `+` before searching
   * it): a 16 MB line in 2,000 reads took 108 s.
   */
  private carried: string[] = [];
  private carriedLength = 0;
  private readonly maxEventChars: number;
  private eventName: string | undefined;
  private data: string | undefined;
  private lastEventId: string | undefined;

  /** `maxEventChars`: the longest line and event accepted (MAX_SSE_EVENT_CHARS unless a test says less). */
  constructor(options: { maxEventChars?: number } = {}) {
    this.maxEventChars = options.maxEventChars ?? MAX_SSE_EVENT_CHARS;
  }

  /** Feeds a chunk of the body; returns the events it completed. */
  push(chunk: Uint8Array | string): ServerSentEvent[] {
    const text = typeof chunk === 'string' ? chunk : this.decode(chunk);
    const carried = this.carriedLength;
    // The carried text holds no line ending, but may end on a lone \r (half of a \r\n): then it is read again with the new text.
    const carriedEndsOnReturn = carried > 0 && this.carried.at(-1)!.endsWith('\r');
    if (carried > 0 && !carriedEndsOnReturn && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
      this.carry(text);
      return [];
    }
    const buffer = carried === 0 ? text : this.carried.join('') + text;
    // No line ends before the carried text's last character: the search starts there.
    const from = carried === 0 ? 0 : carried - 1;
    const events: ServerSentEvent[] = [];
    // Upstreams end lines with \n; a \r anywhere sends the text through the loop that knows all three endings.
    const lineStart = buffer.indexOf('\r', from) < 0 ? this.readNewlineLines(buffer, from, events) : this.readAnyLines(buffer, from, events);
    if (carried > 0) {
      this.carried.length = 0;
      this.carriedLength = 0;
    }
    if (lineStart < buffer.length) this.carry(lineStart === 0 ? buffer : buffer.slice(lineStart));
    return events;
  }

  private carry(text: string): void {
    this.carried.push(text);
    this.carriedLength += text.length;
    if (this.carriedLength > this.maxEventChars) throw new Error(`upstream sent a stream line longer than ${this.maxEventChars} characters`);
  }

  /** Ends the stream: an event not terminated by a blank line is still delivered. */
  finish(): ServerSentEvent[] {
    const events: ServerSentEvent[] = [];
    const rest = this.carried.join('') + this.decoder.decode();
    this.carried.length = 0;
    this.carriedLength = 0;
    if (rest.length > 0) {
      this.processLine(rest.replace(/\r$/, ''), events);
    }
    this.dispatch(events);
    return events;
  }

  /**
   * Bytes → text. A read that ends on an ASCII byte (an SSE read ends on a newline) and follows no cut character
   * is decoded whole, as Buffer text — several times cheaper than the streaming TextDecoder, the same characters
   * (invalid bytes become U+FFFD in both); a character cut between reads goes through the TextDecoder.
   */
  private decode(bytes: Uint8Array): string {
    if (bytes.length === 0) return '';
    let text: string;
    if (!this.decoderHoldsBytes && bytes[bytes.length - 1] < 0x80) {
      text = (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).toString('utf8');
    } else {
      text = this.decoder.decode(bytes, { stream: true });
      this.decoderHoldsBytes = bytes[bytes.length - 1] >= 0x80;
    }
    // A read holding only part of a character decodes to nothing: the stream starts with the first text.
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    return text;
  }

  /** Reads the complete \n-terminated lines of `buffer` (none ends before `from`); returns where the unfinished rest starts. */
  private readNewlineLines(buffer: string, from: number, events: ServerSentEvent[]): number {
    let lineStart = 0;
    for (let end = buffer.indexOf('\n', from); end >= 0; end = buffer.indexOf('\n', lineStart)) {
      this.processLine(buffer.slice(lineStart, end), events);
      lineStart = end + 1;
    }
    return lineStart;
  }

  /** Reads complete lines ended by \n, \r\n or \r (none ends before `from`); returns where the unfinished rest starts. */
  private readAnyLines(buffer: string, from: number, events: ServerSentEvent[]): number {
    let lineStart = 0;
    for (let index = from; index < buffer.length; index++) {
      const character = buffer.charCodeAt(index);
      if (character !== 10 && character !== 13) continue; // \n or \r
      // A lone \r at the end of the read may be half of \r\n: wait for more.
      if (character === 13 && index + 1 === buffer.length) return lineStart;
      const line = buffer.slice(lineStart, index);
      // A \r\n pair is one line ending.
      if (character === 13 && buffer.charCodeAt(index + 1) === 10) index++;
      lineStart = index + 1;
      this.processLine(line, events);
    }
    return lineStart;
  }

  private processLine(line: string, events: ServerSentEvent[]): void {
    if (line === '') {
      this.dispatch(events);
      return;
    }
    if (line.charCodeAt(0) === 58) return; // ':' comment / keep-alive
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const valueStart = colon < 0 ? line.length : line.charCodeAt(colon + 1) === 32 ? colon + 2 : colon + 1;
    const value = line.slice(valueStart);
    if (field === 'data') {
      this.data = this.data === undefined ? value : `${this.data}\n${value}`;
      if (this.data.length > this.maxEventChars) throw new Error(`upstream sent a stream event of more than ${this.maxEventChars} characters`);
    }
    else if (field === 'event') this.eventName = value;
    else if (field === 'id') this.lastEventId = value;
  }

  private dispatch(events: ServerSentEvent[]): void {
    if (this.data !== undefined) {
      const event: ServerSentEvent = { data: this.data };
      if (this.eventName !== undefined) event.event = this.eventName;
      if (this.lastEventId !== undefined) event.id = this.lastEventId;
      events.push(event);
    }
    this.data = undefined;
    this.eventName = undefined;
  }
}
