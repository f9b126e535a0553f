/**
 * Distinct, realistic single-turn prompts for filling a semantic index (benchmarks and tests): templates of
 * everyday developer and general questions crossed with verbs, subjects and contexts (well over 100,000
 * combinations, each prompt different in its meaning words).
 */
const templates = [
  (v: string, n: string, c: string) => `How do I ${v} a ${n} in ${c}?`,
  (v: string, n: string, c: string) => `What is the best way to ${v} ${n} for ${c}?`,
  (v: string, n: string, c: string) => `Explain why I would ${v} the ${n} when using ${c}`,
  (v: string, n: string, c: string) => `Can you show me how to ${v} my ${n} with ${c}?`,
  (v: string, n: string, c: string) => `Why does ${c} fail when I ${v} the ${n}?`,
  (v: string, n: string, c: string) => `Give me tips to ${v} a ${n} on ${c}`,
];
const verbs = 'sort filter merge split parse validate encrypt compress rename copy cache index deploy monitor debug profile refactor test schedule migrate export import resize rotate backup restore archive'.split(' ');
const subjects = 'list dictionary string file folder image table column database queue stream socket thread process container cluster certificate token password invoice report chart calendar playlist spreadsheet recipe garden budget resume photo video'.split(' ');
const contexts = 'Python JavaScript TypeScript Rust Go Java Kotlin Swift Ruby PHP Excel Linux Windows macOS Android iOS Docker Kubernetes PostgreSQL Redis AWS Azure GCP Django React Vue Angular Spring Rails Flutter Unity'.split(' ');

export function syntheticPrompt(index: number): string {
  const template = templates[index % templates.length];
  let rest = Math.floor(index / templates.length);
  const verb = verbs[rest % verbs.length];
  rest = Math.floor(rest / verbs.length);
  const subject = subjects[rest % subjects.length];
  rest = Math.floor(rest / subjects.length);
  const context = contexts[rest % contexts.length];
  return template(verb, subject, context);
}

/** How many distinct prompts syntheticPrompt gives. */
export const syntheticPromptCount = templates.length * verbs.length * subjects.length * contexts.length;

/** Prompts `contextStride` apart share template, verb and subject and differ only in their context ("in Go" / "on AWS"). */
export const contextStride = templates.length * verbs.length * subjects.length;

/** What a synthetic prompt asks, whatever its template: prompts of equal meaning share verb, subject and context. */
export function syntheticMeaningOf(index: number): number {
  return Math.floor(index / templates.length);
}
