import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { countTokens as o200kCount } from 'gpt-tokenizer/encoding/o200k_base';
import { loadTokenizer } from '../../billing/token-estimator.js';
import { emptyUsage } from '../../core/metered-usage.js';
import { OpenAiRealtimeMeter } from './realtime-meter.js';

/**
 * Expected values from OpenAI's rule (developers.openai.com/api/docs/guides/realtime-costs): user audio 1 token per
 * 100 ms, assistant audio 1 per 50 ms, the whole conversation the input of each response; text as o200k counts it
 * (gpt-tokenizer's own count is the reference). PCM16 at 24 kHz is 48,000 bytes a second, G.711 8,000.
 */
const event = (fields: Record<string, unknown>) => JSON.stringify({ event_id: 'event_1', ...fields });
const audio = (bytes: number) => Buffer.alloc(bytes, 5).toString('base64');
const created = (id: string) => event({ type: 'response.created', response: { id, object: 'realtime.response', status: 'in_progress', output: [] } });
const audioDelta = (id: string, bytes: number) => event({ type: 'response.output_audio.delta', response_id: id, item_id: 'item_1', output_index: 0, content_index: 0, delta: audio(bytes) });
const tokensOf = (usage: ReturnType<OpenAiRealtimeMeter['estimate']>) => [usage.inputTokens, usage.audioInputTokens, usage.outputTokens, usage.audioOutputTokens];

describe('the realtime meter: what a response consumed, by OpenAI\'s rule, when its usage never came', () => {
  before(() => loadTokenizer());

  test('the conversation read is the input; the output is what was relayed', () => {
    const meter = new OpenAiRealtimeMeter();
    const instructions = 'You are a concise travel agent. Answer in two sentences.';
    meter.client(event({ type: 'session.update', session: { type: 'realtime', instructions } }));
    meter.client(event({ type: 'input_audio_buffer.append', audio: audio(48_000) }));
    meter.client(event({ type: 'input_audio_buffer.append', audio: audio(24_000) }));
    meter.upstream(created('resp_1'));
    const transcript = 'Lisbon in spring is lovely.';
    meter.upstream(event({ type: 'response.output_audio_transcript.delta', response_id: 'resp_1', item_id: 'item_1', output_index: 0, content_index: 0, delta: transcript }));
    meter.upstream(audioDelta('resp_1', 48_000));
    meter.upstream(audioDelta('resp_1', 24_000));
    const usage = meter.estimate('resp_1');
    assert.equal(usage.estimated, true);
    // 1.5 s of user audio: 15 tokens; 1.5 s of assistant audio: 30 tokens.
    assert.deepEqual(tokensOf(usage), [o200kCount(instructions) + 15, 15, o200kCount(transcript) + 30, 30]);
  });

  test("a response the upstream counted resets the conversation to its count; the next one reads it and what it said", () => {
    const meter = new OpenAiRealtimeMeter();
    meter.client(event({ type: 'input_audio_buffer.append', audio: audio(48_000) }));
    meter.upstream(created('resp_1'));
    const counted = { ...emptyUsage(), inputTokens: 100, audioInputTokens: 80, outputTokens: 50, audioOutputTokens: 40 };
    meter.finished('resp_1', counted);
    meter.client(event({ type: 'input_audio_buffer.append', audio: audio(48_000) }));
    meter.upstream(created('resp_2'));
    // In: the 100 read before (80 audio) + the 50 said (40 audio) + 1 s of new user audio (10).
    assert.deepEqual(tokensOf(meter.estimate('resp_2')), [160, 130, 0, 0]);
  });

  test('G.711 audio (8,000 bytes a second) in the GA and the beta session shapes', () => {
    const ga = new OpenAiRealtimeMeter();
    ga.client(event({ type: 'session.update', session: { type: 'realtime', audio: { input: { format: { type: 'audio/pcmu' } }, output: { format: { type: 'audio/pcma' } } } } }));
    ga.client(event({ type: 'input_audio_buffer.append', audio: audio(8_000) }));
    ga.upstream(created('resp_1'));
    ga.upstream(audioDelta('resp_1', 8_000));
    assert.deepEqual(tokensOf(ga.estimate('resp_1')), [10, 10, 20, 20]);

    const beta = new OpenAiRealtimeMeter();
    beta.client(event({ type: 'session.update', session: { input_audio_format: 'g711_ulaw', output_audio_format: 'g711_alaw' } }));
    beta.client(event({ type: 'input_audio_buffer.append', audio: audio(16_000) }));
    beta.upstream(created('resp_1'));
    beta.upstream(event({ type: 'response.audio.delta', response_id: 'resp_1', item_id: 'item_1', output_index: 0, content_index: 0, delta: audio(4_000) }));
    assert.deepEqual(tokensOf(beta.estimate('resp_1')), [20, 20, 10, 10]);
  });

  test('items the client adds (text, a tool output) are read by the next response; a cleared buffer is not', () => {
    const meter = new OpenAiRealtimeMeter();
    meter.client(event({ type: 'input_audio_buffer.append', audio: audio(48_000) }));
    meter.client(event({ type: 'input_audio_buffer.clear' }));
    const question = 'What is the weather in Porto tomorrow?';
    const output = '{"forecast":"sunny","high_c":24}';
    meter.client(event({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: question }] } }));
    meter.client(event({ type: 'conversation.item.create', item: { type: 'function_call_output', call_id: 'call_1', output } }));
    meter.upstream(created('resp_1'));
    meter.upstream(event({ type: 'response.output_text.delta', response_id: 'resp_1', item_id: 'item_1', output_index: 0, content_index: 0, delta: 'Sunny, 24 °C.' }));
    meter.upstream(event({ type: 'response.output_text.delta', response_id: 'other', item_id: 'item_2', output_index: 0, content_index: 0, delta: 'not this one' }));
    assert.deepEqual(tokensOf(meter.estimate('resp_1')), [o200kCount(question) + o200kCount(output), 0, o200kCount('Sunny, 24 °C.'), 0]);
  });

  test('instructions of megabytes are estimated, a token per four characters, not tokenized on the event loop', () => {
    const meter = new OpenAiRealtimeMeter();
    const update = event({ type: 'session.update', session: { type: 'realtime', instructions: 'Answer briefly. '.repeat(200_000) } });
    meter.client(update);
    meter.upstream(created('resp_1'));
    // The tokenizer would read 'Answer briefly. ' as 3 tokens, 600,000 in all: a quarter of the frame's length says it was not run.
    assert.deepEqual(tokensOf(meter.estimate('resp_1')), [Math.ceil(update.length / 4), 0, 0, 0]);
  });

  test('a recorded clip added whole (megabytes of base64) is measured, not parsed', () => {
    const meter = new OpenAiRealtimeMeter();
    // 10 s of PCM16: 480,000 bytes, 100 user tokens.
    meter.client(event({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_audio', audio: audio(480_000) }] } }));
    meter.upstream(created('resp_1'));
    assert.deepEqual(tokensOf(meter.estimate('resp_1')), [100, 100, 0, 0]);
  });
  test('an assistant item the client truncates keeps the audio heard and loses its transcript, after its response or during it', () => {
    const transcript = 'Lisbon in spring is lovely.';
    const truncate = (ms: number) => event({ type: 'conversation.item.truncate', item_id: 'item_1', content_index: 0, audio_end_ms: ms });
    const say = (meter: OpenAiRealtimeMeter) => {
      meter.client(event({ type: 'input_audio_buffer.append', audio: audio(48_000) }));
      meter.upstream(created('resp_1'));
      meter.upstream(event({ type: 'response.output_audio_transcript.delta', response_id: 'resp_1', item_id: 'item_1', output_index: 0, content_index: 0, delta: transcript }));
      meter.upstream(audioDelta('resp_1', 48_000));
      meter.upstream(audioDelta('resp_1', 48_000));
    };
    // After a counted response.done: 1 s of user audio (10) and 2 s said (40 audio tokens, the transcript's text).
    const after = new OpenAiRealtimeMeter();
    say(after);
    after.finished('resp_1', { ...emptyUsage(), inputTokens: 10, audioInputTokens: 10, outputTokens: o200kCount(transcript) + 40, audioOutputTokens: 40 });
    after.client(truncate(500));
    after.upstream(created('resp_2'));
    // Heard: 0.5 s of the assistant's audio, 10 tokens; the transcript is gone.
    assert.deepEqual(tokensOf(after.estimate('resp_2')), [20, 20, 0, 0]);
    // Truncating again, later, takes nothing more; an item never said changes nothing.
    after.client(truncate(1_500));
    after.client(event({ type: 'conversation.item.truncate', item_id: 'item_9', content_index: 0, audio_end_ms: 0 }));
    after.upstream(created('resp_3'));
    assert.deepEqual(tokensOf(after.estimate('resp_3')), [20, 20, 0, 0]);

    // Barge-in before the response is done: cut at 500 ms, the response then billed by svc's count.
    const during = new OpenAiRealtimeMeter();
    say(during);
    during.client(truncate(500));
    const cut = during.estimate('resp_1');
    assert.deepEqual(tokensOf(cut), [10, 10, o200kCount(transcript) + 40, 40]);
    during.finished('resp_1', cut);
    during.upstream(created('resp_2'));
    assert.deepEqual(tokensOf(during.estimate('resp_2')), [20, 20, 0, 0]);
  });
});
