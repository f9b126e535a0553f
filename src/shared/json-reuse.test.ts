import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jsonBodyReusing, jsonSource, stringifyReusing } from './json-reuse.js';

/** JSON.stringify(body), reusing the text of `source` (as the chat route hands it: the text and what it parsed to). */
const reusing = (body: Record<string, unknown>, source: string) => stringifyReusing(body, jsonSource(source, JSON.parse(source)));

test("members sent unchanged are copied as the caller wrote them: spacing, key order and escapes kept", () => {
  const source = '{ "messages" : [ {"content":"caf\\u00e9 \\"ok\\"","role":"user"} ],\n "temperature": 1.0, "model":"gpt-4o" }';
  const body = { model: 'gpt-4o-2024-08-06', messages: [{ role: 'user', content: 'café "ok"' }], temperature: 1 };
  assert.equal(reusing(body, source), '{"model":"gpt-4o-2024-08-06","messages":[ {"content":"caf\\u00e9 \\"ok\\"","role":"user"} ],"temperature":1}');
});

test('a message changed by svc (a redaction) is serialized; the others are copied', () => {
  const source = '{"messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"mail me at ann@example.com"}]}';
  const body = { messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'mail me at [EMAIL_1]' }] };
  assert.equal(reusing(body, source), '{"messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"mail me at [EMAIL_1]"}]}');
});

test('a message svc inserted (memory) is serialized and the caller\'s messages around it are still copied', () => {
  const source = '{"messages":[ {"role":"user", "content":"hi"}, {"role":"assistant", "content":"hello"}, {"role":"user", "content":"and?"} ]}';
  const body = {
    messages: [
      { role: 'system', content: 'Known: the user is Ann.' },
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
      { role: 'user', content: 'and?' },
    ],
  };
  assert.equal(
    reusing(body, source),
    '{"messages":[{"role":"system","content":"Known: the user is Ann."},{"role":"user", "content":"hi"},{"role":"assistant", "content":"hello"},{"role":"user", "content":"and?"}]}',
  );
});

test('a message svc left out is skipped over; the ones after it are still copied', () => {
  const source = '{"messages":[{"role":"user","content":"a"},{"role":"assistant","content":"b"},{"role":"user","content":"c"}]}';
  const body = { messages: [{ role: 'user', content: 'a' }, { role: 'user', content: 'c' }] };
  assert.equal(reusing(body, source), '{"messages":[{"role":"user","content":"a"},{"role":"user","content":"c"}]}');
});

test('an object the caller wrote with a key twice is never copied (parsers disagree on which one counts)', () => {
  // JSON.parse keeps the last "content"; a parser keeping the first would read text svc never checked.
  const differing = '{"messages":[{"role":"user","content":"the secret","content":"hello"}]}';
  assert.equal(reusing({ messages: [{ role: 'user', content: 'hello' }] }, differing), '{"messages":[{"role":"user","content":"hello"}]}');
  // Twice the same value: as many keys as the message svc sends, but not its keys.
  const repeated = '{"messages":[{"role":"user","content":"hi","content":"hi"}]}';
  assert.equal(reusing({ messages: [{ role: 'user', content: 'hi', name: 'ann' }] }, repeated), '{"messages":[{"role":"user","content":"hi","name":"ann"}]}');
});

test('a top-level key written twice is read as JSON.parse reads it, the last, and sent once', () => {
  const source = '{"messages":[{"role":"user","content":"x"}],"messages":[ {"role":"user","content":"y"} ]}';
  assert.equal(reusing({ messages: [{ role: 'user', content: 'y' }] }, source), '{"messages":[ {"role":"user","content":"y"} ]}');
});

test('a field svc dropped from a message (a null) or added to it makes that message serialized', () => {
  const source = '{"messages":[{"role":"user","content":"x","name":null},{"role":"user","content":"y"}]}';
  assert.equal(
    reusing({ messages: [{ role: 'user', content: 'x' }, { role: 'user', content: 'y', name: 'ann' }] }, source),
    '{"messages":[{"role":"user","content":"x"},{"role":"user","content":"y","name":"ann"}]}',
  );
});

test('members svc sends that the caller did not, and undefined ones, are as JSON.stringify writes them', () => {
  const source = '{"model":"m","messages":[]}';
  const body = { model: 'm', messages: [], stream: true, stream_options: { include_usage: true }, user: undefined, n: [1, undefined] };
  assert.equal(reusing(body, source), '{"model":"m","messages":[],"stream":true,"stream_options":{"include_usage":true},"n":[1,null]}');
});

test('numbers inside a reused value are copied when they are the same number; top-level ones are written as svc read them', () => {
  assert.equal(reusing({ a: { x: 100, y: 0.5 }, c: 7 }, '{"a":{"x":1e2,"y":5E-1},"c":7.0}'), '{"a":{"x":1e2,"y":5E-1},"c":7}');
  // 1e400 is Infinity to JSON.parse, which JSON.stringify sends as null.
  assert.equal(reusing({ a: [Infinity] }, '{"a":[1e400]}'), '{"a":[null]}');
  // A string is not a number, nor true "true".
  assert.equal(reusing({ a: [1, true] }, '{"a":["1","true"]}'), '{"a":[1,true]}');
});

test('a source that is not a JSON object leaves plain JSON.stringify', () => {
  for (const source of ['[1,2]', '"text"', '42', 'null']) assert.equal(reusing({ a: 1 }, source), '{"a":1}');
});

test('an edit made in place, to the very objects the caller\'s JSON parsed to, is seen: the source keeps its own copy', () => {
  const text = '{"messages":[{"role":"user","content":"card 4111 1111 1111 1111"},{"role":"user","content":"thanks"}]}';
  const parsed = JSON.parse(text) as { messages: Array<{ content: string }> };
  const source = jsonSource(text, parsed);
  parsed.messages[0].content = 'card [CARD_1]';
  assert.equal(stringifyReusing(parsed, source), '{"messages":[{"role":"user","content":"card [CARD_1]"},{"role":"user","content":"thanks"}]}');
});

test('class instances, toJSON and values JSON.stringify omits are never matched', () => {
  const source = '{"when":{},"list":[{}]}';
  const date = new Date(0);
  assert.equal(reusing({ when: date, list: [new Map()] }, source), `{"when":"1970-01-01T00:00:00.000Z","list":[{}]}`);
});

test('whatever the edits, the result parses to what JSON.stringify of the body parses to, with no key twice', () => {
  const random = seeded(20261202);
  for (let round = 0; round < 400; round++) {
    const original = { model: 'm', messages: Array.from({ length: 1 + Math.floor(random() * 6) }, () => randomMessage(random)), temperature: Math.round(random() * 20) / 10 };
    const source = writeLoosely(original, random);
    // The body is what the text parsed to, edited in place as stages may: the source's copy must not follow.
    const body = JSON.parse(source) as typeof original;
    const reusable = jsonSource(source, body);
    editRandomly(body, random);
    const sent = stringifyReusing(body, reusable);
    assert.deepEqual(JSON.parse(sent), JSON.parse(JSON.stringify(body)), `round ${round}: ${source}\n→ ${sent}`);
    assert.equal(hasDuplicateKey(sent), false, `round ${round}: ${sent}`);
  }
});

test('a body of 128 K characters or more is its UTF-8 bytes, the same JSON (non-ASCII text, an edited message, a data URL)', () => {
  const screenshot = `data:image/png;base64,${'QUJD'.repeat(40_000)}`;
  const text = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'Café 日本 🙂 «quoted»' }, { role: 'user', content: [{ type: 'image_url', image_url: { url: screenshot } }] }] });
  const body = JSON.parse(text) as { messages: Array<{ content: unknown }> };
  const source = jsonSource(text, body);
  body.messages[0].content = 'Café 日本 🙂 [REDACTED]';
  const sent = jsonBodyReusing(body, source);
  assert.ok(sent instanceof Uint8Array, 'bytes');
  assert.equal(Buffer.from(sent).toString('utf8'), JSON.stringify(body));
  // Below the bound, text.
  const short = '{"messages":[{"role":"user","content":"hi"}]}';
  assert.equal(jsonBodyReusing(JSON.parse(short), jsonSource(short, JSON.parse(short))), short);
});

test('a long conversation is reused in linear time', () => {
  const messages = Array.from({ length: 50_000 }, (_, index) => ({ role: 'user', content: `message ${index}` }));
  messages.push({ role: 'user', content: 'the end\n' });
  const source = JSON.stringify({ messages });
  const started = performance.now();
  assert.equal(reusing({ messages }, source), source);
  // Linear: ~20 ms here; a scan from each message's start to the text's end would take minutes.
  assert.ok(performance.now() - started < 5_000);
});

// ---- helpers: a seeded generator of messages, a loose writer of JSON (spaces, escapes, key order), edits ----

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['hello', ' ', '"', '\\', '\n', 'é', '日本', '🙂', '\u0001', '/', 'a'.repeat(40), '\t', "'"];

function randomText(random: () => number): string {
  let text = '';
  for (let count = Math.floor(random() * 8); count > 0; count--) text += PIECES[Math.floor(random() * PIECES.length)];
  return text;
}

function randomMessage(random: () => number): Record<string, unknown> {
  const message: Record<string, unknown> = { role: random() < 0.5 ? 'user' : 'assistant' };
  if (random() < 0.3) message.content = [{ type: 'text', text: randomText(random) }, { type: 'image_url', image_url: { url: `data:image/png;base64,${'QUJD'.repeat(Math.floor(random() * 5))}` } }];
  else message.content = random() < 0.1 ? null : randomText(random);
  if (random() < 0.2) message.name = randomText(random);
  if (random() < 0.2) message.tool_calls = [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"x": 1}' } }];
  return message;
}

/** JSON as a caller might write it: spaces here and there, some characters escaped, keys in another order, a key twice. */
function writeLoosely(value: unknown, random: () => number): string {
  const space = () => [' ', '', '\n  ', ''][Math.floor(random() * 4)];
  if (typeof value === 'string') {
    let text = '"';
    for (const char of value) {
      const code = char.codePointAt(0)!;
      if (char === '"' || char === '\\') text += `\\${char}`;
      else if (code < 0x20 || (random() < 0.15 && code < 0x10000)) text += `\\u${code.toString(16).padStart(4, '0')}`;
      else if (char === '/' && random() < 0.5) text += '\\/';
      else text += char;
    }
    return `${text}"`;
  }
  if (typeof value === 'number') return random() < 0.3 && Number.isInteger(value) ? `${value}.0` : String(value);
  if (value === null || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${space()}${value.map((item) => writeLoosely(item, random)).join(`,${space()}`)}${space()}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (random() < 0.3) entries.reverse();
  const members = entries.map(([key, item]) => `${space()}${JSON.stringify(key)}${space()}:${space()}${writeLoosely(item, random)}`);
  // Now and then a key written twice, the first time with another value: JSON.parse keeps the second.
  if (entries.length > 0 && random() < 0.1) members.unshift(`${JSON.stringify(entries[0][0])}:"an earlier value"`);
  // And a key written twice with the same value (then an object with one key more has as many members).
  if (entries.length > 0 && random() < 0.1) members.push(`${JSON.stringify(entries[0][0])}:${writeLoosely(entries[0][1], random)}`);
  return `{${members.join(',')}${space()}}`;
}

/** What stages do to a request: redact a text, insert or drop a message, drop or add a field, edit in place. */
function editRandomly(body: { messages: Array<Record<string, unknown>> } & Record<string, unknown>, random: () => number): void {
  for (let edits = Math.floor(random() * 3); edits > 0; edits--) {
    const messages = body.messages;
    const at = Math.floor(random() * messages.length);
    switch (Math.floor(random() * 7)) {
      case 0:
        if (typeof messages[at]?.content === 'string') messages[at].content = `${messages[at].content as string}[REDACTED]`;
        break;
      case 1:
        messages.splice(at, 0, { role: 'system', content: randomText(random) });
        break;
      case 2:
        if (messages.length > 1) messages.splice(at, 1);
        break;
      case 3:
        if (messages[at]) delete messages[at].name;
        break;
      case 6:
        if (messages[at]) messages[at].name = 'added';
        break;
      case 4:
        body.stream_options = { include_usage: true };
        break;
      default: {
        const parts = messages[at]?.content;
        if (Array.isArray(parts) && parts[0]) (parts[0] as { text: string }).text = 'edited in place';
      }
    }
  }
}

/** Whether some object of the JSON text has a key twice (JSON.parse cannot tell: it keeps the last). */
function hasDuplicateKey(json: string): boolean {
  const keysOfOpenObjects: Array<Set<string> | null> = [];
  for (let index = 0; index < json.length; index++) {
    const char = json[index];
    if (char === '{') keysOfOpenObjects.push(new Set());
    else if (char === '[') keysOfOpenObjects.push(null);
    else if (char === '}' || char === ']') keysOfOpenObjects.pop();
    else if (char === '"') {
      let end = index + 1;
      while (json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      const keys = keysOfOpenObjects[keysOfOpenObjects.length - 1];
      if (keys && /^\s*:/.test(json.slice(end + 1))) {
        const key = JSON.parse(json.slice(index, end + 1)) as string;
        if (keys.has(key)) return true;
        keys.add(key);
      }
      index = end;
    }
  }
  return false;
}
