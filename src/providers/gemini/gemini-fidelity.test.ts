import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildGeminiRequest, geminiTarget } from '../../../test/fixtures/gemini-fixtures.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import { geminiAdapter } from './index.js';

const tool = { type: 'function' as const, function: { name: 'lookup', parameters: { type: 'object', properties: { q: { type: 'string' } } } } };

test('system text parts keep their separators (each part a line, never run together)', () => {
  const { body } = buildGeminiRequest({
    messages: [
      { role: 'system', content: [{ type: 'text', text: 'You are terse.' }, { type: 'text', text: 'Answer in French.' }] },
      { role: 'user', content: 'Hi' },
    ],
  });
  assert.deepEqual(body.systemInstruction, { parts: [{ text: 'You are terse.\nAnswer in French.' }] });
});

test('tools beside a JSON response format: the format becomes an instruction (Gemini refuses the two together)', () => {
  const schema = { type: 'object', properties: { answer: { type: 'string' } } };
  const { body, warnings } = buildGeminiRequest({ tools: [tool], response_format: { type: 'json_schema', json_schema: { name: 'a', schema } } });
  assert.equal(body.generationConfig?.responseMimeType, undefined);
  assert.equal(body.generationConfig?.responseJsonSchema, undefined);
  const instruction = body.systemInstruction?.parts.at(-1)?.text ?? '';
  assert.match(instruction, /one JSON object only/);
  assert.ok(instruction.includes(JSON.stringify(schema)));
  assert.ok(warnings.some((warning) => warning.includes('no JSON response type together with tools')));
  // Without tools the native JSON mode is kept.
  assert.equal(buildGeminiRequest({ response_format: { type: 'json_object' } }).body.generationConfig?.responseMimeType, 'application/json');
});

test('map schemas (additionalProperties) reach Gemini as JSON Schema, not flattened', () => {
  const scores = { type: 'object', additionalProperties: { type: 'number' } };
  const { body } = buildGeminiRequest({ tools: [{ type: 'function', function: { name: 'score', parameters: { type: 'object', properties: { scores } } } }] });
  assert.deepEqual(body.tools?.[0].functionDeclarations?.[0].parametersJsonSchema, { type: 'object', properties: { scores } });
  const format = buildGeminiRequest({ response_format: { type: 'json_schema', json_schema: { name: 'scores', schema: scores } } });
  assert.deepEqual(format.body.generationConfig?.responseJsonSchema, scores);
});

test('MALFORMED_FUNCTION_CALL is a failure another attempt may fix, not an empty stop: whole and streamed', () => {
  const malformed = { candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'MALFORMED_FUNCTION_CALL', index: 0 }] };
  assert.throws(
    () => geminiAdapter.chat!.parseResponse(malformed, geminiTarget()),
    (error: unknown) => error instanceof UpstreamError && error.kind === 'server_error' && error.retryable && /malformed function call/.test(error.message),
  );
  const translator = geminiAdapter.chat!.createStreamTranslator(geminiTarget());
  assert.throws(() => translator.push({ data: JSON.stringify(malformed) }), (error: unknown) => error instanceof UpstreamError && error.providerCode === 'MALFORMED_FUNCTION_CALL');
});

test('top_k becomes topK; service_tier batch (a routing hint) goes nowhere and warns of nothing', () => {
  assert.equal(buildGeminiRequest({ top_k: 32 }).body.generationConfig?.topK, 32);
  const { body, warnings } = buildGeminiRequest({ service_tier: 'batch' });
  assert.equal(JSON.stringify(body).includes('batch'), false);
  assert.deepEqual(warnings, []);
});
