import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type { EndpointAnswer } from '../../http/endpoint.js';
import { buildSvcMetadata, JSON_CONTENT_TYPE, nonStreamHeaders } from '../../http/svc-metadata.js';
import type { EmbeddingVector } from '../../core/embeddings-types.js';
import { float32ToBase64 } from '../../shared/float32-base64.js';

/**
 * A vector's JSON in the caller's encoding: base64 of float32 values as the OpenAI SDK decodes it (no character of
 * base64 needs escaping), or its numbers, written by JSON.stringify from a plain array (a typed array is copied into
 * one; a NaN or Infinity, which no adapter lets through, would be written as null). Measured on vectors of 1,536
 * distinct float32 values: 180 µs a vector, where a typed array's `join(',')` took 472 µs — `join` formats through
 * V8's number-to-string cache, which a vector repeated in a benchmark hits (84 µs) and real vectors miss.
 */
function vectorJson(vector: EmbeddingVector, base64: boolean): string {
  if (base64) return `"${float32ToBase64(vector)}"`;
  return JSON.stringify(Array.isArray(vector) ? vector : Array.from(vector));
}

/**
 * Answers of more numbers than this are written in parts of about this many, the event loop free between two: printing
 * 2,048 vectors of 1,536 numbers takes ~370 ms, which no other request should wait behind. A part of 16,384 numbers
 * (ten 1,536-value vectors) takes ~2 ms to print for a float caller, a fraction of that in base64.
 */
export const VALUES_PER_PART = 16_384;

/** The embedding list of spec 2.6, in the encoding the caller asked for, with svc_metadata: written as text, vectors and all. */
export function renderEmbeddings(answer: EndpointAnswer<'embeddings'>): void {
  const { reply, context, outcome } = answer;
  if (outcome.kind !== 'complete') throw new Error('embeddings are never streamed');
  const result = outcome.result;
  const base64 = context.request.encoding_format === 'base64';
  const promptTokens = context.usage?.inputTokens ?? result.usage?.prompt_tokens ?? 0;
  const usage = JSON.stringify({ prompt_tokens: promptTokens, total_tokens: promptTokens });
  const tail = `],"model":${JSON.stringify(result.model)},"usage":${usage},"svc_metadata":${JSON.stringify(buildSvcMetadata(context))}}`;
  reply.headers(nonStreamHeaders(context));
  reply.type(JSON_CONTENT_TYPE);
  const vectors = result.vectors;
  if (valuesIn(vectors) <= VALUES_PER_PART) reply.send(`${LIST_HEAD}${items(vectors, 0, vectors.length, base64)}${tail}`);
  // Sent as a stream (chunked): pulled part by part as the socket takes them, and stopped if the caller leaves.
  else reply.send(Readable.from(parts(vectors, base64, tail)));
}

const LIST_HEAD = '{"object":"list","data":[';

/** The list's items from `start` to `end` (excluded), comma-separated, each with its index. */
function items(vectors: readonly EmbeddingVector[], start: number, end: number, base64: boolean): string {
  let text = '';
  for (let index = start; index < end; index++) {
    text += `${index === 0 ? '' : ','}{"object":"embedding","index":${index},"embedding":${vectorJson(vectors[index], base64)}}`;
  }
  return text;
}

async function* parts(vectors: readonly EmbeddingVector[], base64: boolean, tail: string): AsyncGenerator<string> {
  yield LIST_HEAD;
  let start = 0;
  while (start < vectors.length) {
    // The other requests' turn of the event loop before each part.
    if (start > 0) await setImmediate();
    let end = start;
    for (let values = 0; end < vectors.length && values < VALUES_PER_PART; end++) values += vectors[end].length;
    yield items(vectors, start, end, base64);
    start = end;
  }
  yield tail;
}

function valuesIn(vectors: readonly EmbeddingVector[]): number {
  let values = 0;
  for (const vector of vectors) values += vector.length;
  return values;
}
