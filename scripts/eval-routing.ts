/**
 * `npm run eval:routing`: the shipped task classifier on the held-back part of eval/routing/prompts.jsonl
 * (ids that are multiples of 5, never trained on): family accuracy overall, per family and per language,
 * the confusion matrix, complexity accuracy, complex or expert prompts read as trivial, and the cost per request.
 */
import { TaskClassifier, complexities, taskFamilies } from '../src/routing/task-classifier/task-classifier.js';
import { chooseTier } from '../src/routing/tier-rules.js';
import { priceUsage } from '../src/billing/cost.js';
import { loadCatalog } from '../src/catalog/catalog.js';
import type { ChatMessage } from '../src/core/chat-types.js';
import { emptyUsage } from '../src/core/metered-usage.js';
import { routeChatRequest } from '../src/routing/model-router.js';
import { classifierInputOf, isHeldBack, readRoutingSet } from './routing-set.js';

const classifier = TaskClassifier.fromFile();
const rows = readRoutingSet().filter(isHeldBack);
const confusion = taskFamilies.map(() => taskFamilies.map(() => 0));
const complexityConfusion = complexities.map(() => complexities.map(() => 0));
const byLanguage = new Map<string, { right: number; total: number }>();
let familyRight = 0;
let complexityRight = 0;
const underrated: string[] = [];
const tiers = new Map<string, number>();
for (const row of rows) {
  const result = classifier.classify(classifierInputOf(row));
  confusion[taskFamilies.indexOf(row.family as never)][taskFamilies.indexOf(result.family)]++;
  complexityConfusion[complexities.indexOf(row.complexity as never)][complexities.indexOf(result.complexity)]++;
  const language = byLanguage.get(row.lang) ?? { right: 0, total: 0 };
  language.total++;
  if (result.family === row.family) {
    familyRight++;
    language.right++;
  }
  byLanguage.set(row.lang, language);
  if (result.complexity === row.complexity) complexityRight++;
  // What the router does with it: a complex or expert prompt must never be served below T2.
  const tier = chooseTier(undefined, undefined, result).tier;
  tiers.set(tier, (tiers.get(tier) ?? 0) + 1);
  if ((row.complexity === 'complex' || row.complexity === 'expert') && tier === 'T1') underrated.push(`#${row.id} (${row.complexity}) ${row.prompt.slice(0, 60)}`);
}
const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;
const lines: string[] = [];
lines.push(`task classifier on ${rows.length} held-back prompts`);
lines.push(`family right: ${familyRight}/${rows.length} (${percent(familyRight, rows.length)})`);
lines.push(`complexity right: ${complexityRight}/${rows.length} (${percent(complexityRight, rows.length)}); complex or expert served below T2: ${underrated.length}`);
lines.push(`tiers without hints: ${['T1', 'T2', 'T3'].map((tier) => `${tier} ${percent(tiers.get(tier) ?? 0, rows.length)}`).join(', ')}`);
for (const item of underrated) lines.push(`  ${item}`);
lines.push('', 'per family (recall):');
taskFamilies.forEach((family, index) => {
  const total = confusion[index].reduce((sum, value) => sum + value, 0);
  lines.push(`  ${family.padEnd(14)} ${String(confusion[index][index]).padStart(3)}/${String(total).padEnd(3)} ${percent(confusion[index][index], total)}`);
});
lines.push('', 'per language:');
for (const [language, { right, total }] of [...byLanguage].sort()) lines.push(`  ${language}  ${right}/${total} ${percent(right, total)}`);
const short = (name: string) => name.slice(0, 5).padStart(6);
lines.push('', `family confusion (rows: labelled, columns: predicted)`, `${''.padEnd(14)}${taskFamilies.map(short).join('')}`);
taskFamilies.forEach((family, index) => lines.push(`${family.padEnd(14)}${confusion[index].map((value) => String(value).padStart(6)).join('')}`));
lines.push('', `complexity confusion`, `${''.padEnd(14)}${complexities.map(short).join('')}`);
complexities.forEach((level, index) => lines.push(`${level.padEnd(14)}${complexityConfusion[index].map((value) => String(value).padStart(6)).join('')}`));
// Savings: each held-back prompt routed by model auto with every catalog provider configured, priced for a
// typical exchange (600 prompt tokens, 300 answer tokens) against the baseline model (2.50 / 10 USD per M).
const catalog = await loadCatalog();
const router = { catalog, isRoutable: (id: string) => id !== 'demo', fallbacks: {}, classifier };
const usage = { ...emptyUsage(), inputTokens: 600, outputTokens: 300 };
let routedCost = 0;
let baselineCost = 0;
const servedTiers = new Map<string, number>();
for (const row of rows) {
  const messages: ChatMessage[] = [...(row.system ? [{ role: 'system' as const, content: row.system }] : []), ...(row.history ?? []).map((text, index) => ({ role: (index % 2 === 0 ? 'user' : 'assistant') as 'user' | 'assistant', content: text })), { role: 'user', content: row.prompt }];
  const decision = routeChatRequest('auto', undefined, undefined, router, { model: 'auto', messages });
  servedTiers.set(decision.tier, (servedTiers.get(decision.tier) ?? 0) + 1);
  const cost = priceUsage(decision.model, usage);
  routedCost += cost.cost_usd;
  baselineCost += cost.baseline_cost_usd;
}
lines.push('', `served tiers with every provider configured: ${['T1', 'T2', 'T3'].map((tier) => `${tier} ${percent(servedTiers.get(tier) ?? 0, rows.length)}`).join(', ')}`);
lines.push(`savings against the baseline model (600 in / 300 out tokens each): ${((100 * (baselineCost - routedCost)) / baselineCost).toFixed(1)} % (${routedCost.toFixed(4)} vs ${baselineCost.toFixed(4)} USD)`);

// The same requests as people also type them: after a greeting, before a thanks or a sentence on how to answer, in the
// row's language (English for languages the set holds few rows of). Single-turn rows; the family must not move.
interface TypedAround {
  greeting: string;
  thanks: string;
  stepByStep: string;
}
const typedAround: Record<string, TypedAround> = {
  en: { greeting: 'Hi! ', thanks: ' Thanks!', stepByStep: " Let's think step by step." },
  es: { greeting: '¡Hola! ', thanks: ' ¡Gracias!', stepByStep: ' Piensa paso a paso.' },
  de: { greeting: 'Hallo! ', thanks: ' Danke!', stepByStep: ' Denk Schritt für Schritt.' },
  fr: { greeting: 'Bonjour ! ', thanks: ' Merci !', stepByStep: ' Réfléchis étape par étape.' },
  zh: { greeting: '你好！', thanks: '谢谢！', stepByStep: '请一步一步思考。' },
  ja: { greeting: 'こんにちは！', thanks: 'ありがとう！', stepByStep: 'ステップバイステップで考えてください。' },
};
const singleTurn = rows.filter((row) => !row.history);
const asTyped = singleTurn.filter((row) => classifier.classify(classifierInputOf(row)).family === row.family).length;
const wrappings: [string, (prompt: string, words: TypedAround) => string][] = [
  ['a greeting before', (prompt, words) => words.greeting + prompt],
  ['a thanks after', (prompt, words) => prompt + words.thanks],
  ["'think step by step' after", (prompt, words) => prompt + words.stepByStep],
];
for (const [name, wrap] of wrappings) {
  const right = singleTurn.filter((row) => classifier.classify(classifierInputOf({ ...row, prompt: wrap(row.prompt, typedAround[row.lang] ?? typedAround.en) })).family === row.family).length;
  lines.push(`${name}: family right ${right}/${singleTurn.length} (${percent(right, singleTurn.length)}; as typed: ${asTyped})`);
}

// And as the turn of a conversation that began with something else: the request is its own, and a hard one must not go
// to T1 for a trivial opening.
const unrelatedOpening = ['What is the capital of France?', 'The capital of France is Paris.'];
let afterOpeningRight = 0;
let afterOpeningAtT1 = 0;
for (const row of singleTurn) {
  const result = classifier.classify({ ...classifierInputOf(row), history: unrelatedOpening });
  if (result.family === row.family) afterOpeningRight++;
  if ((row.complexity === 'complex' || row.complexity === 'expert') && chooseTier(undefined, undefined, result).tier === 'T1') afterOpeningAtT1++;
}
lines.push(`after an unrelated first exchange: family right ${afterOpeningRight}/${singleTurn.length} (${percent(afterOpeningRight, singleTurn.length)}); complex or expert at T1: ${afterOpeningAtT1}`);

// Cost: every held-back prompt classified in 25 batches of 10 rounds, after 5 unmeasured ones (the JIT warms
// up); the median batch, since a shared machine's slow batches say more about the machine than the classifier.
const inputs = rows.map(classifierInputOf);
const batches: number[] = [];
for (let batch = 0; batch < 30; batch++) {
  const started = performance.now();
  for (let round = 0; round < 10; round++) for (const input of inputs) classifier.classify(input);
  if (batch >= 5) batches.push(((performance.now() - started) * 1000) / (10 * inputs.length));
}
batches.sort((left, right) => left - right);
lines.push('', `cost: ${batches[batches.length >> 1].toFixed(1)} µs per request (median of ${batches.length} batches; fastest ${batches[0].toFixed(1)}, slowest ${batches[batches.length - 1].toFixed(1)})`);
process.stdout.write(`${lines.join('\n')}\n`);
