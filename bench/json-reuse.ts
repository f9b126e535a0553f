/**
 * `npm run bench:json-reuse [-- --rounds 7]`: what building the upstream body of a chat request costs, serialized
 * whole (JSON.stringify of the OpenAI body, what svc did before) against reusing the caller's text
 * (src/shared/json-reuse.ts: the private copy taken at parse time, the scan and the comparison included), in one
 * process, alternating, medians. Bodies: conversations of prose and of code (escaped quotes and newlines) from
 * 1 to 70 KB, and a 1 MB screenshot sent as a data URL. The reused body is what the OpenAI adapters send
 * (jsonBodyReusing: text, or bytes from 128 K characters); each text figure includes Buffer.byteLength, which flattens
 * it as the socket write will. Sets REUSE_FROM_CHARS: where the two lines cross.
 */
import { parseArgs } from 'node:util';
import type { UpstreamTarget } from '../src/providers/provider-types.js';
import { convertRequestBody } from '../src/providers/openai/convert-request.js';
import { parseChatRequest } from '../src/routes/chat/parse-chat-request.js';
import { jsonBodyReusing, jsonSource } from '../src/shared/json-reuse.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '7' } } });
const rounds = Number(values.rounds);

const target = { model: { upstream_model: 'gpt-4o-mini-2024-07-18', capabilities: [] }, provider: { id: 'openai', chatOptions: {}, paths: {} } } as unknown as UpstreamTarget;

/** A conversation of about `chars` characters: paragraphs of prose, or code answers full of quotes and newlines. */
function conversation(chars: number, code: boolean): string {
  const messages: Array<{ role: string; content: string }> = [{ role: 'system', content: 'You are a helpful assistant.' }];
  for (let turn = 0, total = 0; total < chars; turn++) {
    const content = code
      ? `Here:\n\`\`\`ts\nfunction f${turn}(x: string) { return "a" + x; }\n\`\`\`\n${'const value = compute("input", 42);\n'.repeat(6)}`
      : 'lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(8);
    messages.push({ role: turn % 2 ? 'assistant' : 'user', content });
    total += content.length;
  }
  return JSON.stringify({ model: 'gpt-4o-mini', messages, temperature: 0.2 });
}

const screenshot = JSON.stringify({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'what is this' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${'QUJD'.repeat(262_144)}` } }] }],
});

const bodies: Array<[string, string]> = [];
for (const chars of [1_000, 2_000, 4_000, 8_000, 70_000]) bodies.push([`prose ~${chars / 1000} KB`, conversation(chars, false)], [`code ~${chars / 1000} KB`, conversation(chars, true)]);
bodies.push(['1 MB data URL', screenshot]);

const byteLength = (body: string | Uint8Array) => (typeof body === 'string' ? Buffer.byteLength(body) : body.length);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
process.stdout.write(`body                 chars   JSON.stringify µs   reused µs\n`);
for (const [name, text] of bodies) {
  const parsed = JSON.parse(text) as unknown;
  const request = parseChatRequest(parsed).request;
  const reused = jsonBodyReusing(convertRequestBody(request, target, []), jsonSource(text, parsed));
  if (JSON.stringify(JSON.parse(typeof reused === 'string' ? reused : Buffer.from(reused).toString('utf8'))) !== JSON.stringify(convertRequestBody(request, target, []))) throw new Error(`${name}: the reused body says something else`);
  const iterations = Math.max(50, Math.round(3e6 / text.length));
  const whole: number[] = [];
  const reusing: number[] = [];
  let sink = 0;
  for (let round = 0; round < rounds; round++) {
    let started = process.hrtime.bigint();
    for (let index = 0; index < iterations; index++) sink += Buffer.byteLength(JSON.stringify(convertRequestBody(request, target, [])));
    whole.push(Number(process.hrtime.bigint() - started) / iterations / 1000);
    started = process.hrtime.bigint();
    for (let index = 0; index < iterations; index++) sink += byteLength(jsonBodyReusing(convertRequestBody(request, target, []), jsonSource(text, parsed)));
    reusing.push(Number(process.hrtime.bigint() - started) / iterations / 1000);
  }
  if (sink === 0) throw new Error('nothing was built');
  process.stdout.write(`${name.padEnd(16)} ${String(text.length).padStart(9)}   ${median(whole).toFixed(1).padStart(17)}   ${median(reusing).toFixed(1).padStart(9)}\n`);
}
