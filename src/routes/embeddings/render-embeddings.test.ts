import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EmbeddingVector } from '../../core/embeddings-types.js';
import type { EndpointAnswer } from '../../http/endpoint.js';
import type { RequestContext } from '../../pipeline/request-context.js';
import type { Readable } from 'node:stream';
import { renderEmbeddings, VALUES_PER_PART } from './render-embeddings.js';

/** Renders vectors as svc answers them, through a reply that keeps what it was sent (a large answer's stream: read whole). */
async function rendered(vectors: EmbeddingVector[], encoding_format: 'float' | 'base64'): Promise<{ text: string; contentType: string | undefined; streamed: boolean }> {
  const context = { requestId: 'req_1', startedAt: process.hrtime.bigint(), requestedModel: 'text-embedding-3-small', mode: 'proxy', warnings: [], timings: {}, attempts: [], request: { encoding_format } } as unknown as RequestContext<'embeddings'>;
  let sent: unknown;
  let contentType: string | undefined;
  const reply = {
    headers: () => reply,
    type: (value: string) => ((contentType = value), reply),
    send: (payload: unknown) => ((sent = payload), reply),
  };
  renderEmbeddings({ reply, context, outcome: { kind: 'complete', result: { model: 'text-embedding-3-small', vectors, usage: { prompt_tokens: 3, total_tokens: 3 } } } } as unknown as EndpointAnswer<'embeddings'>);
  if (typeof sent === 'string') return { text: sent, contentType, streamed: false };
  let text = '';
  for await (const part of sent as Readable) text += part;
  return { text, contentType, streamed: true };
}

// Float32 edges: the largest value, the smallest subnormal, a value printed with an exponent, and minus zero (JSON has no -0).
const edges = [3.4028234663852886e38, 1.401298464324817e-45, Math.fround(1e-7), -0, -0.006929283495992422];

test('float: each vector written as the numbers JSON.stringify prints, whatever array holds them', async () => {
  const { text, contentType } = await rendered([Float32Array.from(edges), [0.5, -0.25], Float64Array.from([1 / 3])], 'float');
  assert.equal(contentType, 'application/json; charset=utf-8');
  const body = JSON.parse(text);
  assert.equal(text, JSON.stringify(body), 'byte for byte what a serializer prints');
  assert.deepEqual(body.data, [
    { object: 'embedding', index: 0, embedding: [3.4028234663852886e38, 1.401298464324817e-45, 1.0000000116860974e-7, 0, -0.006929283495992422] },
    { object: 'embedding', index: 1, embedding: [0.5, -0.25] },
    { object: 'embedding', index: 2, embedding: [1 / 3] },
  ]);
  assert.equal(body.object, 'list');
  assert.deepEqual(body.usage, { prompt_tokens: 3, total_tokens: 3 });
  assert.equal(body.svc_metadata.request_id, 'req_1');
});

test('base64: little-endian float32 bytes, as the OpenAI SDK decodes them', async () => {
  const body = JSON.parse((await rendered([Float32Array.from(edges), [0.5, -0.25]], 'base64')).text);
  const decode = (base64: string) => {
    const bytes = Buffer.from(base64, 'base64');
    return Array.from({ length: bytes.length / 4 }, (_, index) => bytes.readFloatLE(index * 4));
  };
  assert.deepEqual(decode(body.data[0].embedding), [3.4028234663852886e38, 1.401298464324817e-45, 1.0000000116860974e-7, -0, -0.006929283495992422]);
  assert.deepEqual(decode(body.data[1].embedding), [0.5, -0.25]);
});

test('a value that is no JSON number (no adapter lets one through) still gives JSON: null, as JSON.stringify writes it', async () => {
  const body = JSON.parse((await rendered([[0.5, Number.NaN, Number.POSITIVE_INFINITY]], 'float')).text);
  assert.deepEqual(body.data[0].embedding, [0.5, null, null]);
});

test('a large batch is written in parts, other work running between them, and reads as the same JSON', async () => {
  // 200 vectors of 1,536 distinct float32 values: parts of about VALUES_PER_PART numbers.
  const vectors = Array.from({ length: 200 }, (_, row) => Float32Array.from({ length: 1536 }, (_, column) => Math.fround(Math.sin(row * 1536 + column) / 10)));
  let turns = 0;
  let reading = true;
  const turn = () => {
    turns++;
    if (reading) setImmediate(turn);
  };
  setImmediate(turn);
  const { text, streamed } = await rendered(vectors, 'float');
  reading = false;
  assert.equal(streamed, true);
  assert.ok(turns >= Math.ceil((200 * 1536) / VALUES_PER_PART) - 1, `the event loop turned between the parts (${turns} turns)`);
  const body = JSON.parse(text);
  assert.equal(text, JSON.stringify(body), 'byte for byte what a serializer prints');
  assert.equal(body.data.length, 200);
  assert.deepEqual(body.data.map((item: { index: number }) => item.index), Array.from({ length: 200 }, (_, index) => index));
  assert.deepEqual(body.data[199].embedding, Array.from(vectors[199]));
  assert.equal(body.svc_metadata.request_id, 'req_1');

  const small = await rendered(vectors.slice(0, Math.floor(VALUES_PER_PART / 1536)), 'base64');
  assert.equal(small.streamed, false, 'up to one part is sent as one text');
});
