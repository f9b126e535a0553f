import { readFileSync } from 'node:fs';
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
  tools?: string[];
  json?: boolean;
}

export function readRoutingSet(): LabelledPrompt[] {
  const text = readFileSync(new URL('../eval/routing/prompts.jsonl', import.meta.url), 'utf8');
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as LabelledPrompt);
}

/** Rows whose id is a multiple of 5 are held back: training never reads them. */
export const isHeldBack = (row: LabelledPrompt) => row.id % 5 === 0;

export function classifierInputOf(row: LabelledPrompt): ClassifierInput {
  return { prompt: row.prompt, system: row.system, history: row.history, tools: row.tools?.length, json: row.json };
}

/** How the task classifier is trained: its hashed buckets and the optimiser's settings (training and every evaluation that retrains). */
export const classifierTraining = { buckets: 1 << 15, options: { epochs: 150, learningRate: 0.05, l2: 1e-5 } } as const;
