import { moderationCategories, type ModerationCategory, type ModerationInput, type ModerationVerdict } from '../../core/moderation-types.js';
import { addWarning } from '../shared/warnings.js';
import type { InProcessCall } from '../wire-adapter.js';
import { DEMO_WARNING } from './demo-text.js';

/**
 * A few plain words per category: the demo flags an input that contains one, so that a moderation flow can be
 * tried end to end (flagged and not) before a key exists. It is no classifier, and says so in its warning.
 */
const demoLexicon: Partial<Record<ModerationCategory, readonly string[]>> = {
  violence: ['kill', 'murder', 'stab', 'shoot'],
  harassment: ['idiot', 'loser', 'stupid'],
  hate: ['hate'],
  'self-harm': ['suicide', 'self-harm'],
  sexual: ['porn', 'nsfw'],
};

export const demoModeration: InProcessCall<'moderation'> = async (target, request, options) => {
  addWarning(options.warnings, DEMO_WARNING);
  const results = (request.input as ModerationInput[]).map((entry) => verdictOf(textOf(entry)));
  return { kind: 'complete', result: { id: `modr-demo-${results.length}`, model: target.model.upstream_model, results } };
};

function textOf(entry: ModerationInput): string {
  if (typeof entry === 'string') return entry;
  return entry.type === 'text' ? entry.text : '';
}

function verdictOf(text: string): ModerationVerdict {
  const words = new Set(text.toLowerCase().match(/[\p{L}\p{N}-]+/gu) ?? []);
  const categories = {} as ModerationVerdict['categories'];
  const scores = {} as ModerationVerdict['category_scores'];
  let flagged = false;
  for (const category of moderationCategories) {
    const hit = (demoLexicon[category] ?? []).some((word) => words.has(word));
    categories[category] = hit;
    scores[category] = hit ? 0.9 : 0.001;
    flagged ||= hit;
  }
  return { flagged, categories, category_scores: scores };
}
