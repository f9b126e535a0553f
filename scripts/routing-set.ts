import { readFileSync, writeFileSync } from 'node:fs';
import type { ClassifierInput } from '../src/routing/task-classifier/classifier-features.js';

/** One labelled request of eval/routing/prompts.jsonl (see its README). */
export interface LabelledPrompt {
  id: number;
  lang: string;
  family: string;
  complexity: string;
  prompt: string;
  system?: string;
  history?: string[];
  /** The declared tools' names, or only how many there are. */
  tools?: string[] | number;
  json?: boolean;
}

/** The objects of a JSON Lines file, one a non-blank line. */
export function readJsonLines<T>(file: string | URL): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

export function readRoutingSet(): LabelledPrompt[] {
  return readJsonLines<LabelledPrompt>(new URL('../eval/routing/prompts.jsonl', import.meta.url));
}

const batchesFile = new URL('../eval/routing/batches.json', import.meta.url);

/** The first row of each batch written since the set's first thousand rows (eval/routing/batches.json), in order. */
export function readBatchStarts(): number[] {
  return (JSON.parse(readFileSync(batchesFile, 'utf8')) as { starts: number[] }).starts;
}

/** Records a batch appended to the set (eval:routing:probe --append), so the forward-chained protocol reads it as one. */
export function recordBatchStart(firstId: number): void {
  const batches = JSON.parse(readFileSync(batchesFile, 'utf8')) as { note: string; starts: number[] };
  if (batches.starts.at(-1)! >= firstId) throw new Error(`batch start ${firstId} is not after the last recorded (${batches.starts.at(-1)})`);
  batches.starts.push(firstId);
  writeFileSync(batchesFile, `${JSON.stringify(batches, null, 1).replace(/\n\s+(\d)/g, ' $1')}\n`);
}

/** Rows whose id is a multiple of 5 are held back: training never reads them. */
export const isHeldBack = (row: LabelledPrompt) => row.id % 5 === 0;

export function classifierInputOf(row: LabelledPrompt): ClassifierInput {
  const toolNames = Array.isArray(row.tools) ? row.tools : undefined;
  return { prompt: row.prompt, system: row.system, history: row.history, tools: toolNames?.length ?? (row.tools as number | undefined), toolNames, json: row.json };
}

/** How the task classifier is trained: its hashed buckets and the optimiser's settings (training and every evaluation that retrains). */
export const classifierTraining = { buckets: 1 << 15, options: { epochs: 150, learningRate: 0.05, l2: 1e-5 } } as const;

/**
 * System prompts that say nothing of the task, as apps and SDK examples send them with every request. Every row written
 * without a system prompt is trained on twice, once as written and once under one of these: without them the model
 * learnt a system prompt from the rows that have one (mostly a role for small talk), and "You are a helpful assistant."
 * above a word problem made it small talk (public files 94.4 → 93.0 %, MGSM es 92.8 → 87.2 %). With copies of a third of
 * those rows (then of a half), 13 of the 857–864 held-back rows without a system prompt still read differently under
 * "You are a helpful assistant.", at the test's 1.5 % bound; with copies of all of them, 9 of 864.
 */
const GENERIC_SYSTEM_PROMPTS = [
  'You are a helpful assistant.',
  'You are a helpful, respectful and honest assistant. Always answer as helpfully as possible, while being safe.',
  "A chat between a curious user and an artificial intelligence assistant. The assistant gives helpful, detailed, and polite answers to the user's questions.",
  'You are an AI assistant. Be concise and accurate.',
  'You are a knowledgeable assistant. Think carefully before answering.',
  'Always answer in Markdown.',
  'Eres un asistente útil.',
  'Eres un asistente de IA amable. Responde en español.',
  'Du bist ein freundlicher KI-Assistent.',
  'Tu es un assistant serviable et précis.',
  '你是一个乐于助人的AI助手。',
  'あなたは親切で有能なAIアシスタントです。',
];

/**
 * The rows a model is trained on: each row, and each of those without a system prompt again under a generic one (which
 * of the twelve by `id / 3`, as when only ids divisible by 3 were copied: the shipped model is the one measured).
 */
export function trainingRows(rows: readonly LabelledPrompt[]): LabelledPrompt[] {
  const copies = rows.filter((row) => !row.system).map((row) => ({ ...row, system: GENERIC_SYSTEM_PROMPTS[Math.floor(row.id / 3) % GENERIC_SYSTEM_PROMPTS.length] }));
  const exchangeOf = (row: LabelledPrompt, shift: number) => UNRELATED_EXCHANGES[(Math.floor(row.id / 2) + shift) % UNRELATED_EXCHANGES.length];
  const laterTurns = rows.filter((row) => !row.history).flatMap((row) => LATER_TURN_SHIFTS.map((shift) => ({ ...row, history: exchangeOf(row, shift) })));
  return [...rows, ...copies, ...laterTurns];
}

/**
 * Earlier exchanges about something else, as a chat app's thread holds them before a new request. Every row written
 * without a history is trained on again as the next turn after one of these (which by `id / 2`): the rows written with a
 * history are mostly follow-ups, so without these a history itself had come to mean small talk, and after "What is the
 * capital of France?" one request in sixteen of the held-back set read as chat. None of these is that exchange, which
 * `npm run eval:routing` measures with. Short requests without a task word are then read with the exchange as
 * follow-ups (follow-ups.ts), and these copies teach that such an opening does not decide them: after the exchange,
 * 1,488 → 1,530 of 1,724 held-back requests read right; MT-Bench's real second turns 99 → 96 of 120 (copies that read as
 * follow-ups left out: 1,485 and 99). Each row is copied twice, after two exchanges six apart (LATER_TURN_SHIFTS): with one
 * copy 1,554 of 1,731 read right after the exchange, with two 1,568, the held-back set alone 1,741 → 1,743 of 1,882.
 */
const UNRELATED_EXCHANGES: readonly string[][] = [
  ['Hi! How are you today?', "I'm doing well, thanks for asking! How can I help you?"],
  ['What time zone is Tokyo in?', 'Tokyo is on Japan Standard Time, UTC+9.'],
  ['Can you recommend a good science-fiction novel?', 'Try "The Left Hand of Darkness" by Ursula K. Le Guin.'],
  ['How tall is Mount Kilimanjaro?', 'Kilimanjaro rises to 5,895 metres.'],
  ['Translate "good morning" into Italian.', '"Buongiorno."'],
  ['What is 15% of 80?', '15% of 80 is 12.'],
  ['Write a haiku about autumn rain.', 'Cold rain on the eaves / the maple lets go its red / one leaf at a time'],
  ['¿Cuántos habitantes tiene Madrid?', 'Madrid tiene unos 3,4 millones de habitantes.'],
  ['Bonjour, tu vas bien ?', 'Très bien, merci ! Que puis-je faire pour toi ?'],
  ['Wie spät ist es in New York, wenn es in Berlin 15 Uhr ist?', 'Dann ist es in New York 9 Uhr.'],
  ['你好，今天过得怎么样？', '挺好的，谢谢！有什么可以帮你的吗？'],
  ['おすすめの映画はありますか？', '「千と千尋の神隠し」はいかがでしょうか。'],
];

/** Which exchanges each row is copied after: the one its id picks, and the one six further on. */
const LATER_TURN_SHIFTS = [0, 6];
