import { ResponsesStreamEncoder } from '../src/routes/responses/responses-stream.js';
const facts: any = { responseId: 'resp_x', createdAt: 1, model: 'gpt-4o-mini', instructions: null, previousResponseId: null, store: true, conversation: [], echo: { temperature: null, top_p: null, max_output_tokens: null, tool_choice: 'auto', tools: [], parallel_tool_calls: true, text: { format: { type: 'text' } }, reasoning: null, metadata: {}, user: null } };
const chunk = (content: string): any => ({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: { content }, finish_reason: null }] });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const first: number[] = []; const second: number[] = [];
for (let i = 0; i < 300; i++) {
  const enc = new ResponsesStreamEncoder(facts);
  enc.opening();
  await sleep(Number(process.argv[2] ?? 5));
  let t = process.hrtime.bigint();
  enc.events(chunk('piece0 '));
  first.push(Number(process.hrtime.bigint() - t) / 1000);
  await sleep(Number(process.argv[2] ?? 5));
  t = process.hrtime.bigint();
  enc.events(chunk('piece1 '));
  second.push(Number(process.hrtime.bigint() - t) / 1000);
}
const p50 = (a: number[]) => a.slice(50).sort((x, y) => x - y)[Math.floor((a.length - 50) / 2)];
console.log('first piece µs p50', p50(first).toFixed(1), 'later piece', p50(second).toFixed(1));
