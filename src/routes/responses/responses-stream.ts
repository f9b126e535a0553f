import type { ChatCompletionChunk, FinishReason, Usage } from '../../core/chat-types.js';
import type { GatewayError } from '../../errors/gateway-error.js';
import type { SseEvent } from '../../http/sse-writer.js';
import { newItemId, responseObject, responseUsageOf, statusOf } from './response-object.js';
import type { ResponseOutputItem, ResponsesRequestFacts } from './responses-types.js';

type MessageItem = Extract<ResponseOutputItem, { type: 'message' }>;
type FunctionCallItem = Extract<ResponseOutputItem, { type: 'function_call' }>;

/**
 * Chat chunks → the named events of a Responses stream (spec 6), live: text and argument deltas leave as
 * the upstream's tokens arrive. Every event carries the next `sequence_number`; items are opened and
 * closed in the order the official SDK's accumulator expects (added → deltas → done).
 */
export class ResponsesStreamEncoder {
  private sequence = 0;
  private readonly output: ResponseOutputItem[] = [];
  /** The open message: its one content part is output text or, when the model refused, a refusal. */
  private message: { item: MessageItem; index: number; text: string; kind: 'output_text' | 'refusal'; where: string } | undefined;
  /** The open function call, by the chat tool-call index it streams under. */
  private call: { item: FunctionCallItem; index: number; toolIndex: number } | undefined;
  private finishReason: FinishReason | null = null;
  private usage: Usage | undefined;
  private model: string;
  private servedTier: string | undefined;
  /** The id of the first message, made with the opening events while the upstream's first token is awaited. */
  private firstMessageId: string | undefined;

  constructor(private readonly facts: ResponsesRequestFacts) {
    this.model = facts.model;
  }

  /** The opening events: the response exists and is in progress. */
  opening(): SseEvent[] {
    this.firstMessageId = newItemId('msg');
    // The same response in both events: serialized once.
    const response = `"response":${JSON.stringify(this.snapshot({ status: 'in_progress' }, null))}`;
    return [this.templated('response.created', response), this.templated('response.in_progress', response)];
  }

  events(chunk: ChatCompletionChunk): SseEvent[] {
    if (chunk.model) this.model = chunk.model;
    if (typeof chunk.service_tier === 'string') this.servedTier = chunk.service_tier;
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices[0];
    if (!choice) return [];
    const events: SseEvent[] = [];
    const delta = choice.delta;
    if (typeof delta.content === 'string' && delta.content !== '') events.push(...this.text(delta.content, 'output_text'));
    if (typeof delta.refusal === 'string' && delta.refusal !== '') events.push(...this.text(delta.refusal, 'refusal'));
    for (const call of delta.tool_calls ?? []) events.push(...this.toolCall(call.index, call.id, call.function?.name, call.function?.arguments));
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    return events;
  }

  /** Closes what is open and completes the response, with its usage (and svc_metadata beside it). */
  closing(svcMetadata: object): { events: SseEvent[]; response: Record<string, unknown> } {
    const events = [...this.closeMessage(), ...this.closeCall()];
    const { status, incomplete_details } = statusOf(this.finishReason);
    const response = this.snapshot({ status, incomplete_details }, responseUsageOf(this.usage));
    events.push(this.event(status === 'completed' ? 'response.completed' : 'response.incomplete', { response: { ...response, svc_metadata: svcMetadata } }));
    return { events, response };
  }

  /** A failure mid-stream: the response failed, never a clean completion. */
  failure(error: GatewayError): SseEvent[] {
    const failed = { code: error.code, message: error.message };
    return [
      this.event('response.failed', { response: this.snapshot({ status: 'failed', error: failed }, responseUsageOf(this.usage)) }),
      this.event('error', { code: error.code, message: error.message, param: error.param }),
    ];
  }

  /** The output items as they stood at the end (for storing and previous_response_id). */
  get outputItems(): ResponseOutputItem[] {
    return this.output;
  }

  /**
   * A piece of the answer's text. The events of a message's text are written from templates rather than by spreading
   * objects into JSON.stringify: on the first token after an idle wait (a cold CPU), the generic path cost ~30 µs an
   * event and a template ~4 (scripts measured in the forty-eighth session), and the first token carries three of them.
   */
  private text(text: string, kind: 'output_text' | 'refusal'): SseEvent[] {
    const events = this.closeCall();
    if (this.message && this.message.kind !== kind) events.push(...this.closeMessage());
    if (!this.message) {
      const id = this.firstMessageId ?? newItemId('msg');
      this.firstMessageId = undefined;
      const item: MessageItem = { type: 'message', id, role: 'assistant', status: 'in_progress', content: [] };
      const index = this.output.length;
      // `where` is the JSON of the fields that place a delta: the item's id is letters, digits and `_`, the index a number.
      this.message = { item, index, text: '', kind, where: `"item_id":"${id}","output_index":${index},"content_index":0` };
      this.output.push(item);
      events.push(this.templated('response.output_item.added', `"output_index":${index},"item":${messageItemJson(id, 'in_progress', '')}`));
      const part = kind === 'refusal' ? '{"type":"refusal","refusal":""}' : '{"type":"output_text","text":"","annotations":[]}';
      events.push(this.templated('response.content_part.added', `${this.message.where},"part":${part}`));
    }
    this.message.text += text;
    const where = this.message.where;
    events.push(
      kind === 'refusal'
        ? this.templated('response.refusal.delta', `${where},"delta":${JSON.stringify(text)}`)
        : this.templated('response.output_text.delta', `${where},"delta":${JSON.stringify(text)},"logprobs":[]`),
    );
    return events;
  }

  private toolCall(toolIndex: number, callId: string | undefined, name: string | undefined, argumentsDelta: string | undefined): SseEvent[] {
    const events: SseEvent[] = [];
    if (!this.call || this.call.toolIndex !== toolIndex) {
      events.push(...this.closeMessage(), ...this.closeCall());
      const item: FunctionCallItem = { type: 'function_call', id: newItemId('fc'), call_id: callId ?? newItemId('fc'), name: name ?? '', arguments: '', status: 'in_progress' };
      this.call = { item, index: this.output.length, toolIndex };
      this.output.push(item);
      events.push(this.event('response.output_item.added', { output_index: this.call.index, item }));
    } else if (name && !this.call.item.name) this.call.item.name = name;
    if (argumentsDelta) {
      this.call.item.arguments += argumentsDelta;
      events.push(this.templated('response.function_call_arguments.delta', `"item_id":"${this.call.item.id}","output_index":${this.call.index},"delta":${JSON.stringify(argumentsDelta)}`));
    }
    return events;
  }

  /** The message's three closing events, its whole text serialized once for all of them (a long answer is most of their bytes). */
  private closeMessage(): SseEvent[] {
    if (!this.message) return [];
    const { item, index, text, kind, where } = this.message;
    this.message = undefined;
    item.content = [kind === 'refusal' ? { type: 'refusal', refusal: text } : { type: 'output_text', text, annotations: [] }];
    item.status = 'completed';
    const textJson = JSON.stringify(text);
    const part = kind === 'refusal' ? `{"type":"refusal","refusal":${textJson}}` : `{"type":"output_text","text":${textJson},"annotations":[]}`;
    return [
      kind === 'refusal' ? this.templated('response.refusal.done', `${where},"refusal":${textJson}`) : this.templated('response.output_text.done', `${where},"text":${textJson},"logprobs":[]`),
      this.templated('response.content_part.done', `${where},"part":${part}`),
      this.templated('response.output_item.done', `"output_index":${index},"item":${messageItemJson(item.id, 'completed', part)}`),
    ];
  }

  private closeCall(): SseEvent[] {
    if (!this.call) return [];
    const { item, index } = this.call;
    this.call = undefined;
    // A call that streamed no arguments still carries valid JSON.
    if (item.arguments === '') item.arguments = '{}';
    item.status = 'completed';
    return [
      this.event('response.function_call_arguments.done', { item_id: item.id, output_index: index, name: item.name, arguments: item.arguments }),
      this.event('response.output_item.done', { output_index: index, item }),
    ];
  }

  /** The response as it stands; its output list is copied (the closing one is kept by the archive), its items, final by then, are not. */
  private snapshot(state: Parameters<typeof responseObject>[2], usage: ReturnType<typeof responseUsageOf>): Record<string, unknown> {
    return responseObject(this.facts, this.model, state, this.output.slice(), usage, this.servedTier);
  }

  /** Serialized as it is made: an item goes in as it stands now, with no copy, though it changes later. */
  private event(type: string, payload: Record<string, unknown>): SseEvent {
    return { event: type, data: JSON.stringify({ type, sequence_number: this.sequence++, ...payload }) };
  }

  /** The same event from its payload's JSON members, written by the caller (`"key":value,…`); `type` is a fixed name. */
  private templated(type: string, members: string): SseEvent {
    return { event: type, data: `{"type":"${type}","sequence_number":${this.sequence++},${members}}` };
  }
}

/** A message item's JSON as the events carry it (`MessageItem`'s fields in order): its id is letters, digits and `_`, its content parts given as JSON. */
function messageItemJson(id: string, status: MessageItem['status'], contentJson: string): string {
  return `{"type":"message","id":"${id}","role":"assistant","status":"${status}","content":[${contentJson}]}`;
}
