import { readFileSync } from 'node:fs';
import { lexiconFile } from '../../cache/semantic/lexicon.js';
import { countNumbers, featureRows, headFeatures, OWN_TEXT_TASKS, type ClassifierInput } from './classifier-features.js';
import { mostProbable, predictQuantised, type QuantisedModel } from './linear-model.js';
import { asksForExplanation, asksForProof } from './open-questions.js';
import { prepareTaskCues } from './task-cues.js';
import { loadHead, type StoredClassifier } from './model-file.js';
import { goesBeyondArithmetic } from './prompt-shapes.js';
import { namesRareTerm } from './rare-terms.js';

export const taskFamilies = ['code', 'writing', 'analysis', 'math', 'extraction', 'summarization', 'translation', 'chat', 'reasoning'] as const;
export type TaskFamily = (typeof taskFamilies)[number];
export const complexities = ['trivial', 'standard', 'complex', 'expert'] as const;
export type Complexity = (typeof complexities)[number];

export interface TaskClass {
  family: TaskFamily;
  complexity: Complexity;
  /** Probability of the family and of each complexity (the tier rules read them, not only the argmax). */
  familyConfidence: number;
  complexityProbabilities: Record<Complexity, number>;
  /** The request asks for a proof: with the math family, proof-level work however short it is. */
  asksForProof: boolean;
  /** Numbers written in digits at the start of the prompt: two or more make a maths question plain arithmetic. */
  numbers: number;
  /**
   * A maths request whose start asks beyond the four operations (a power, a root, a remainder, primes…) or works on two
   * figures of four digits or more: never plain arithmetic. False for the other families, whose tier rules do not read it.
   */
  beyondArithmetic: boolean;
  /** The request asks for an explanation, a cause, a judgement or a design: open-ended however short. */
  asksForExplanation: boolean;
  /**
   * An English request that names a term outside everyday vocabulary ("what's a monad"): its difficulty may hide in the term.
   * Looked for only where the tier rules read it: a request read as trivial at TRIVIAL_CONFIDENCE or more.
   */
  namesRareTerm: boolean;
}

/**
 * How sure the classifier must be that a request is trivial before it may go to T1 (the weakest models): the threshold of
 * the tier rules (tier-rules.ts), kept here so that the classifier looks for what only they read. Set high: T1 saves
 * next to nothing over T2 against the baseline (94.2 % of the routing set's cost saved at 0.65 and at 0.75 alike),
 * while a complex request at T1 is a wrong answer. Terse hard requests ("Event Sourcing mit Snapshots – wie
 * modellieren?", "o real vai se valorizar em 2026?") read as small talk at 0.69–0.88, and each retraining moves them: the
 * held-back rows' complex request nearest to T1, "Design Uber.", read trivial at 0.77 and small talk at 0.80 (2026-12-06),
 * kept from T1 only by the design rule. At 0.85 (and SURE_FAMILY 0.85) the margin is 0.08: T1 takes 3.3 % of the
 * held-back rows (5.1 % at 0.75 / 0.8), 44 of their 205 trivial requests, and 3 standard ones.
 */
export const TRIVIAL_CONFIDENCE = 0.85;

/** The task family and complexity of a request (issue 18), from the model trained on eval/routing/prompts.jsonl. */
export class TaskClassifier {
  /** Where "trivial" stands among the complexity head's classes. */
  private readonly trivial: number;

  constructor(
    private readonly buckets: number,
    private readonly family: QuantisedModel,
    private readonly complexity: QuantisedModel,
  ) {
    this.trivial = complexity.classes.indexOf('trivial');
  }

  static fromFile(path = lexiconFile('task-classifier.json')): TaskClassifier {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as StoredClassifier;
    // The cue index is built with the model, at start: the first classified request does not wait for it.
    prepareTaskCues();
    return new TaskClassifier(stored.buckets, loadHead(stored.family, featureRows(stored.buckets)), loadHead(stored.complexity, featureRows(stored.buckets)));
  }

  classify(input: ClassifierInput): TaskClass {
    const features = headFeatures(input, this.buckets);
    // A request to redo the answer asks the opening's task again: its own words ("eliminate the gendered pronouns") and the
    // answer's say less of it than the opening does, read alone as a prompt.
    const read = features.family.redoesOpening ? headFeatures({ ...input, prompt: features.opening!, history: undefined }, this.buckets) : features;
    const families = predictQuantised(this.family, read.family);
    // An option picked is never a text of its own: those families are ruled out whatever the words weighed. The others keep
    // their probabilities, not renormalized: what the model gave a ruled-out family is doubt, and the T1 rule reads it so.
    if (features.family.picksAnOption) {
      for (let index = 0; index < families.length; index++) if (OWN_TEXT_TASKS.has(this.family.classes[index])) families[index] = 0;
    }
    let levels = predictQuantised(this.complexity, features.complexity);
    // A turn of a conversation read as trivial is read alone too, and is as hard as the harder reading: "tesla vs byd long
    // term?" after "What is the capital of France?" was read with that opening as trivial small talk and sent to T1.
    if (input.history?.length && mostProbable(levels) === this.trivial) {
      const alone = predictQuantised(this.complexity, headFeatures({ ...input, history: undefined }, this.buckets).complexity);
      if (alone[this.trivial] < levels[this.trivial]) levels = alone;
    }
    const best = mostProbable(families);
    const family = this.family.classes[best] as TaskFamily;
    const level = mostProbable(levels);
    const complexityProbabilities = {} as Record<Complexity, number>;
    this.complexity.classes.forEach((name, index) => (complexityProbabilities[name as Complexity] = levels[index]));
    /** The prompt's start: where the numbers a plain sum gives, and the operations beyond one, are written. */
    const start = input.prompt.slice(0, 300);
    return {
      family,
      complexity: this.complexity.classes[level] as Complexity,
      familyConfidence: families[best],
      complexityProbabilities,
      asksForProof: asksForProof(features.requestText),
      numbers: countNumbers(start),
      // Read by the tier rules of maths only: not looked for in other requests.
      beyondArithmetic: family === 'math' && goesBeyondArithmetic(start),
      asksForExplanation: asksForExplanation(features.requestText),
      namesRareTerm: levels[this.trivial] >= TRIVIAL_CONFIDENCE && namesRareTerm(input.prompt),
    };
  }
}
