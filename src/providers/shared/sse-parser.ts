import { type ServerSentEvent } from '../provider-types.js';

/**
 * Incremental parser of the text/event-stream format (WHATWG): feed it bytes as they arrive, get
 * complete events back. One parser for every SSE upstream, so no adapter parses SSE itself.
 */
export class SseParser {
  private readonly decoder = new TextDecoder('utf-8');
  private buffer = '';
  private eventName: string | undefined;
  private dataLines: string[] = [];
  private lastEventId: string | undefined;

  /** Feeds a chunk of the body; returns the events it completed. */
  push(chunk: Uint8Array | string): ServerSentEvent[] {
    this.buffer += typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    const events: ServerSentEvent[] = [];
    let lineStart = 0;
    for (let index = 0; index < this.buffer.length; index++) {
      const character = this.buffer.charCodeAt(index);
      if (character !== 10 && character !== 13) continue; // \n or \r
      const line = this.buffer.slice(lineStart, index);
      // A \r\n pair is one line ending.
      if (character === 13 && this.buffer.charCodeAt(index + 1) === 10) index++;
      else if (character === 13 && index + 1 === this.buffer.length) {
        // A lone \r at the end of the chunk may be half of \r\n: wait for more.
        this.buffer = this.buffer.slice(lineStart);
        return events;
      }
      lineStart = index + 1;
      this.processLine(line, events);
    }
    this.buffer = this.buffer.slice(lineStart);
    return events;
  }

  /** Ends the stream: an event not terminated by a blank line is still delivered. */
  finish(): ServerSentEvent[] {
    const events: ServerSentEvent[] = [];
    this.buffer += this.decoder.decode();
    if (this.buffer.length > 0) {
      this.processLine(this.buffer.replace(/\r$/, ''), events);
      this.buffer = '';
    }
    this.dispatch(events);
    return events;
  }

  private processLine(line: string, events: ServerSentEvent[]): void {
    if (line === '') {
      this.dispatch(events);
      return;
    }
    if (line.charCodeAt(0) === 58) return; // ':' comment / keep-alive
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') this.dataLines.push(value);
    else if (field === 'event') this.eventName = value;
    else if (field === 'id') this.lastEventId = value;
  }

  private dispatch(events: ServerSentEvent[]): void {
    if (this.dataLines.length > 0) {
      const event: ServerSentEvent = { data: this.dataLines.join('\n') };
      if (this.eventName !== undefined) event.event = this.eventName;
      if (this.lastEventId !== undefined) event.id = this.lastEventId;
      events.push(event);
    }
    this.dataLines = [];
    this.eventName = undefined;
  }
}
