import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactSecrets } from './redact.js';

test('keys an upstream echoes never survive: known keys, bearer tokens, key= query values, auth headers, key shapes', () => {
  const cases: Array<[string, string]> = [
    ['Incorrect API key provided: sk-proj-abcdefghijklmnop1234. You can find your API key at…', 'Incorrect API key provided: [redacted]. You can find your API key at…'],
    ['invalid x-api-key: sk-ant-api03-QWERTYUIOPASDFGH', 'invalid x-api-key: [redacted]'],
    ['request to https://generativelanguage.googleapis.com/v1beta/models/x:generateContent?key=AIzaSyA1234567890abcdefghijkl&alt=sse failed', 'request to https://generativelanguage.googleapis.com/v1beta/models/x:generateContent?key=[redacted]&alt=sse failed'],
    ['{"headers":{"Authorization":"Bearer gsk_1234567890abcdef"}}', '{"headers":{"Authorization":"Bearer [redacted]"}}'],
    ['token rejected: Bearer abcdefghijklmnopqrstuvwxyz', 'token rejected: Bearer [redacted]'],
  ];
  for (const [message, expected] of cases) assert.equal(redactSecrets(message), expected);
});

test('a key of no known shape is still removed when svc knows it', () => {
  assert.equal(redactSecrets('bad key my-custom-key-123 for org', ['my-custom-key-123']), 'bad key [redacted] for org');
});

test('ordinary messages are left as they are', () => {
  const message = 'messages[0].content is too long: maximum context length is 8192 tokens';
  assert.equal(redactSecrets(message), message);
});
