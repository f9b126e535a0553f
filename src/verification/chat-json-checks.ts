import type { ChatCompletion, ChatRequest } from '../core/chat-types.js';
import type { HealOutcome, JsonExpectation } from './json-healer.js';
import { healJsonOffLoop } from './off-loop-healing.js';

/** What must be JSON in a chat answer: the content (JSON modes) and each tool call's arguments. */
export interface JsonChecks {
  content?: JsonExpectation;
  /** By tool name: the arguments must be an object valid against the tool's parameters. */
  tools: Map<string, JsonExpectation>;
}

/** A part of an answer that was not valid JSON as it stood. */
export interface JsonFinding {
  /** `content` or `tool call get_weather`. */
  where: string;
  original: string;
  outcome: Exclude<HealOutcome, { status: 'valid' }>;
  /** Writes healed text into the answer. */
  apply(text: string): void;
}

export function jsonChecksOf(request: ChatRequest): JsonChecks | undefined {
  const content = contentExpectation(request.response_format);
  const tools = new Map<string, JsonExpectation>();
  for (const tool of request.tools ?? []) tools.set(tool.function.name, { schema: tool.function.parameters, requireObject: true });
  return content || tools.size > 0 ? { content, tools } : undefined;
}

/**
 * What a JSON response format asks of the content. json_object promises valid JSON, and a model that
 * answers with an array has written JSON: it is healed like an object, never wrapped into one.
 */
export function contentExpectation(format: ChatRequest['response_format']): JsonExpectation | undefined {
  if (format?.type === 'json_object') return { requireObject: false };
  if (format?.type !== 'json_schema') return undefined;
  const schema = format.json_schema.schema;
  return { schema, requireObject: schema?.type === 'object' };
}

/** Checks every choice of the answer; returns what was not valid (healed or not). A long answer is checked off the event loop. */
export async function inspectCompletion(completion: ChatCompletion, checks: JsonChecks): Promise<JsonFinding[]> {
  const findings: JsonFinding[] = [];
  for (const choice of completion.choices) {
    const message = choice.message;
    if (checks.content && typeof message.content === 'string' && !message.tool_calls?.length) {
      const outcome = await healJsonOffLoop(message.content, checks.content);
      if (outcome.status !== 'valid') {
        findings.push({ where: 'content', original: message.content, outcome, apply: (text) => (message.content = text) });
      }
    }
    for (const call of message.tool_calls ?? []) {
      const expectation = checks.tools.get(call.function.name) ?? { requireObject: true };
      const outcome = await healJsonOffLoop(call.function.arguments, expectation);
      if (outcome.status !== 'valid') {
        findings.push({ where: `tool call ${call.function.name}`, original: call.function.arguments, outcome, apply: (text) => (call.function.arguments = text) });
      }
    }
  }
  return findings;
}

/** The message that asks the model again, naming what was wrong. */
export function reaskMessage(findings: JsonFinding[]): string {
  const problems = findings.map((finding) => {
    const errors = finding.outcome.status === 'failed' ? finding.outcome.errors.join('; ') : `it could only be repaired by guessing (${finding.outcome.stage})`;
    return `- ${finding.where}: ${errors}. You wrote: ${finding.original.slice(0, 2000)}`;
  });
  return [
    'Your previous answer was not valid JSON for the required format:',
    ...problems,
    'Answer again with only the corrected JSON (or the corrected tool call), nothing else. Do not invent values you do not know.',
  ].join('\n');
}
