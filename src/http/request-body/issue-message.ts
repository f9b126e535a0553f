import type { z } from 'zod';
import { GatewayError } from '../../errors/gateway-error.js';
import { describeType } from './fields.js';

type Issue = z.core.$ZodIssue;

/** `messages[0].content`, `logit_bias.50256`: a path as the spec and the old messages write it. */
export function pathText(path: readonly PropertyKey[], prefix = ''): string {
  let text = prefix;
  for (const part of path) text += typeof part === 'number' ? `[${part}]` : text === '' ? String(part) : `.${String(part)}`;
  return text;
}

const articles: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  record: 'an object',
};

/**
 * A message a declaration wrote, relative to its field ("must be positive (got 0)", "\"x\" is not supported"),
 * as opposed to zod's own wording ("Invalid input…", "Too big…"), which is reworded here by issue code.
 */
const isDeclared = (message: string) => !/^(Invalid|Too (big|small)|Unrecognized|Expected)\b/.test(message);

/**
 * The first problem of a body as the spec's 400: "temperature must be between 0 and 2 (got 3)", with the field
 * in `param`. A union that failed inside one of its shapes (an array of the wrong items) reports that inner
 * problem, which names the exact element.
 */
export function refusalOf(issues: readonly Issue[], at = ''): GatewayError {
  const { issue, path } = innermost(issues[0], []);
  const param = pathText(path, at);
  const field = param === '' ? 'request body' : param;
  return new GatewayError('validation_error', `${field} ${wording(issue, param === '')}`, { param: param === '' ? null : param });
}

function innermost(issue: Issue, prefix: readonly PropertyKey[]): { issue: Issue; path: PropertyKey[] } {
  // An unknown field is named itself.
  const path = issue.code === 'unrecognized_keys' ? [...prefix, ...issue.path, issue.keys[0]] : [...prefix, ...issue.path];
  // A record's key that its key declaration refused: that declaration's problem, at the key's path.
  if (issue.code === 'invalid_key' && issue.issues.length > 0) return { issue: issue.issues[0], path };
  if (issue.code !== 'invalid_union') return { issue, path };
  // Each branch's first problem; one that got inside the value (a longer path) means that branch was meant.
  const firsts = issue.errors.map((branch) => branch[0]).filter((first): first is Issue => first !== undefined);
  const deepest = firsts.reduce<Issue | undefined>((best, first) => (first.path.length > (best?.path.length ?? 0) ? first : best), undefined);
  return deepest ? innermost(deepest, path) : { issue, path };
}

function wording(issue: Issue, isRoot: boolean): string {
  const input = (issue as { input?: unknown }).input;
  const params = (issue as { params?: { range?: [number, number]; expected?: string } }).params;
  if (issue.code === 'invalid_type') {
    if (isRoot) return `must be a JSON object (got ${describeType(input)})`;
    if (input === undefined || input === null) return 'is required';
    if (isDeclared(issue.message)) return issue.message;
    return `must be ${articles[issue.expected] ?? issue.expected} (got ${describeType(input)})`;
  }
  // A missing field of a fixed set of values (an enum, a literal).
  if (issue.code === 'invalid_value' && input === undefined) return 'is required';
  if (params?.range) return `must be between ${params.range[0]} and ${params.range[1]} (got ${JSON.stringify(input)})`;
  // "n must be an integer (got 1.5)": a number is shown as it came, another value by its type.
  if (params?.expected) return `must be ${params.expected} (got ${typeof input === 'number' ? String(input) : describeType(input)})`;
  if (isDeclared(issue.message)) return issue.message;
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.map(String).join(', ')} (got ${JSON.stringify(input)})`;
  if (issue.code === 'unrecognized_keys') return 'is not a field svc knows here';
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    const bound = issue.code === 'too_small' ? `at least ${issue.minimum}` : `at most ${issue.maximum}`;
    return issue.origin === 'array' ? `must have ${bound} entries (got ${(input as unknown[]).length})` : issue.origin === 'string' ? `must be ${bound} characters long` : `must be ${bound} (got ${JSON.stringify(input)})`;
  }
  return `is not valid: ${issue.message}`;
}
