import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SseParser } from './sse-parser.js';

test('parses data-only events separated by blank lines', () => {
  const parser = new SseParser();
  assert.deepEqual(parser.push('data: {"a":1}\n\ndata: [DONE]\n\n'), [{ data: '{"a":1}' }, { data: '[DONE]' }]);
});

test('keeps event names and joins multi-line data', () => {
  const parser = new SseParser();
  assert.deepEqual(parser.push('event: message_start\ndata: line one\ndata: line two\n\n'), [{ event: 'message_start', data: 'line one\nline two' }]);
});

test('an event split across chunks at any byte is delivered once, whole', () => {
  const text = 'event: delta\ndata: {"text":"héllo wörld"}\n\n';
  const bytes = new TextEncoder().encode(text);
  for (let cut = 1; cut < bytes.length; cut++) {
    const parser = new SseParser();
    const events = [...parser.push(bytes.slice(0, cut)), ...parser.push(bytes.slice(cut))];
    assert.deepEqual(events, [{ event: 'delta', data: '{"text":"héllo wörld"}' }], `cut at byte ${cut}`);
  }
});

test('accepts CRLF and CR line endings, including a CRLF split between chunks', () => {
  const parser = new SseParser();
  const events = [...parser.push('data: one\r'), ...parser.push('\n\r\ndata: two\r\r\n')];
  assert.deepEqual(events, [{ data: 'one' }, { data: 'two' }]);
});

test('ignores comments and keep-alives', () => {
  const parser = new SseParser();
  assert.deepEqual(parser.push(': ping\n\ndata: x\n\n'), [{ data: 'x' }]);
});

test('finish delivers an unterminated last event', () => {
  const parser = new SseParser();
  assert.deepEqual(parser.push('data: tail'), []);
  assert.deepEqual(parser.finish(), [{ data: 'tail' }]);
});

test('a byte-order mark is dropped at the start of the stream only, as a TextDecoder drops it', () => {
  const bom = Buffer.from([0xef, 0xbb, 0xbf]);
  const parser = new SseParser();
  assert.deepEqual(parser.push(Buffer.concat([bom, Buffer.from('data: one\n\n')])), [{ data: 'one' }]);
  assert.deepEqual(parser.push(Buffer.concat([Buffer.from('data: '), bom, Buffer.from('two\n\n')])), [{ data: '\ufefftwo' }]);
  const split = new SseParser();
  assert.deepEqual([...split.push(bom.subarray(0, 2)), ...split.push(Buffer.concat([bom.subarray(2), Buffer.from('data: x\n\n')]))], [{ data: 'x' }]);
  // Mid-stream, a read that starts with the mark and ends inside a character is the text's, not a stream start.
  const later = new SseParser();
  const events = [...later.push(Buffer.from('data: one\n\ndata: ')), ...later.push(Buffer.from([...bom, 0xc3])), ...later.push(Buffer.from([0xa9, 0x0a, 0x0a]))];
  assert.deepEqual(events, [{ data: 'one' }, { data: '\ufeffé' }]);
});

test('bytes that are not UTF-8 become U+FFFD whether or not a read cuts a character', () => {
  const whole = new SseParser();
  assert.deepEqual(whole.push(Buffer.from([...Buffer.from('data: a'), 0xff, ...Buffer.from('b\n\n')])), [{ data: 'a\ufffdb' }]);
  const cut = new SseParser();
  const euro = Buffer.from('€'); // three bytes
  const events = [...cut.push(Buffer.concat([Buffer.from('data: '), euro.subarray(0, 2)])), ...cut.push(Buffer.concat([euro.subarray(2), Buffer.from('\n\ndata: '), Buffer.from([0xc3]), Buffer.from('\n\n')]))];
  assert.deepEqual(events, [{ data: '€' }, { data: '\ufffd' }]);
});

test('a read holding many events and the start of the next delivers the complete ones in order', () => {
  const parser = new SseParser();
  const events = parser.push(Buffer.from('id: 7\nevent: a\ndata: 1\n\ndata: 2\ndata: 3\n\ndata: par'));
  assert.deepEqual(events, [{ event: 'a', id: '7', data: '1' }, { id: '7', data: '2\n3' }]);
  assert.deepEqual(parser.push(Buffer.from('tial\n\n')), [{ id: '7', data: 'partial' }]);
});

test('a stream cut into three reads anywhere reads the same, whatever its line endings', () => {
  const text = 'event: a\r\ndata: one\rdata: two\n\r\n: ping\ndata: three\r\r';
  const expected = [{ event: 'a', data: 'one\ntwo' }, { data: 'three' }];
  for (let first = 1; first < text.length; first++) {
    for (let second = first; second < text.length; second++) {
      const parser = new SseParser();
      const events = [...parser.push(text.slice(0, first)), ...parser.push(text.slice(first, second)), ...parser.push(text.slice(second)), ...parser.finish()];
      assert.deepEqual(events, expected, `cuts at ${first} and ${second}`);
    }
  }
});

test('a long line read in many small pieces is read in time that grows with its length (each piece once)', () => {
  const parser = new SseParser();
  const piece = Buffer.from('x'.repeat(8192));
  const started = performance.now();
  parser.push('data: ');
  for (let read = 0; read < 1000; read++) assert.deepEqual(parser.push(piece), []);
  const [event] = parser.push('\n\n');
  const ms = performance.now() - started;
  assert.equal(event.data.length, 8192 * 1000);
  // Grown as one string, each read's search for a line ending copied all of it: ~28 s here.
  assert.ok(ms < 5000, `${ms.toFixed(0)} ms`);
});

test('a line or an event past the bound is refused: an upstream that never ends its line cannot fill the memory', () => {
  const longLine = new SseParser({ maxEventChars: 1000 });
  longLine.push('data: ');
  assert.throws(() => {
    for (let read = 0; read < 10; read++) longLine.push('y'.repeat(200));
  }, /upstream sent a stream line longer than 1000 characters/);
  const manyLines = new SseParser({ maxEventChars: 1000 });
  assert.throws(() => manyLines.push(`${'data: zzzzzzzzzz\n'.repeat(100)}\n`), /upstream sent a stream event of more than 1000 characters/);
  const fine = new SseParser({ maxEventChars: 1000 });
  assert.deepEqual(fine.push(`data: ${'w'.repeat(900)}\n\n`), [{ data: 'w'.repeat(900) }]);
});
