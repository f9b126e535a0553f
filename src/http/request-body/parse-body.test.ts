import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { GatewayError } from '../../errors/gateway-error.js';
import { parseBody } from './parse-body.js';

/** A declaration like the endpoints': required fields, optional ones, one with a default, nested objects. */
const declaration = z.object({
  model: z.string(),
  messages: z.array(z.object({ role: z.string() })).min(1),
  temperature: z.number().min(0).max(2).nullish(),
  n: z.number().int().default(1),
  stop: z.string().nullish(),
  meta: z.object({ tag: z.string() }).nullish(),
  ...Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`extra_${index}`, z.number().nullish()])),
});

const messageOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof GatewayError);
    return error.message;
  }
  return assert.fail('expected a 400');
};

test('a body with a few of the declared fields parses to what the whole declaration gives (defaults included)', () => {
  const bodies = [
    { model: 'm', messages: [{ role: 'user' }] },
    { model: 'm', messages: [{ role: 'user' }], temperature: 0.5, unknown_field: true },
    { model: 'm', messages: [{ role: 'user' }], n: 3, meta: { tag: 't' }, stop: null },
  ];
  for (const body of bodies) assert.deepEqual(parseBody(declaration, body), declaration.parse(body));
  assert.deepEqual(parseBody(declaration, bodies[0]), { model: 'm', messages: [{ role: 'user' }], n: 1 });
});

test('a required field left out and a bad optional one are refused as by the whole declaration', () => {
  assert.equal(messageOf(() => parseBody(declaration, { messages: [{ role: 'user' }] })), 'model is required');
  assert.match(messageOf(() => parseBody(declaration, { model: 'm', messages: [{ role: 'user' }], temperature: 7 })), /^temperature .*2/);
  assert.match(messageOf(() => parseBody(declaration, { model: 'm', messages: [{ role: 'user' }], meta: { tag: 1 } })), /^meta\.tag /);
});

test('beyond the narrowed declarations kept, every set of fields still parses right (with the whole declaration)', () => {
  // 2^10 sets of the optional extras: far more than are kept narrowed.
  for (let fields = 0; fields < 1024; fields += 7) {
    const body: Record<string, unknown> = { model: 'm', messages: [{ role: 'user' }] };
    for (let index = 0; index < 10; index++) if (Math.floor(fields / 2 ** index) % 2 === 1) body[`extra_${index}`] = index;
    assert.deepEqual(parseBody(declaration, body), declaration.parse(body));
  }
  assert.match(messageOf(() => parseBody(declaration, { model: 'm', messages: [{ role: 'user' }], extra_9: 'nine' })), /^extra_9 /);
});
