import type { CatalogModel } from '../../catalog/catalog-types.js';
import { collectChatStream } from '../../core/chat-stream.js';
import type { ChatCompletion, ChatRequest } from '../../core/chat-types.js';
import { addUsage, subtractUsage, type MeteredUsage } from '../../core/metered-usage.js';
import type { Outcome } from '../../core/operations.js';
import { addWarning } from '../../providers/shared/warnings.js';
import { inspectCompletion, jsonChecksOf, reaskMessage, type JsonFinding } from '../../verification/chat-json-checks.js';
import { healJson, healStands } from '../../verification/json-healer.js';
import { healToolCallStream, type StreamedToolCallFinding } from '../../verification/tool-call-stream.js';
import type { Next } from '../stage.js';
import type { RoutedContext } from '../request-context.js';
import type { Stage } from '../stage.js';

export interface OutputVerificationOptions {
  /** A heal below this confidence is not applied on its own: the model is asked again, or the answer is returned as it was. */
  minConfidence: number;
  /** A chat model of another provider than `served`, to check an answer (`output_verification: cross_model`). */
  pickChecker(served: CatalogModel): CatalogModel | undefined;
}

/**
 * Output verification and healing (cache and full modes): a JSON answer (`response_format` json_object or
 * json_schema, and tool-call arguments) is parsed and validated; a broken one is healed, reported in
 * `healer_report`, or — at reliability high or critical, or `output_verification: schema` — asked again
 * once with the errors. A JSON-mode stream is collected first (the answer is then sent in the compact form);
 * a stream with tools keeps its text flowing and holds back only the tool calls (verification/tool-call-stream.ts).
 */
export function outputVerificationStage(options: OutputVerificationOptions): Stage<'chat'> {
  return {
    name: 'output_verification',
    // Only JSON answers are verified: a JSON response format, or tools whose arguments are JSON.
    appliesTo: (context) =>
      context.options.svc.output_verification !== 'none' && ((context.request.tools?.length ?? 0) > 0 || context.request.response_format?.type === 'json_object' || context.request.response_format?.type === 'json_schema'),
    async intercept(context, next): Promise<Outcome<'chat'>> {
      const strategy = context.options.svc.output_verification;
      const checks = jsonChecksOf(context.request);
      if (!checks) return next();
      let outcome = await next();
      // A cached answer was verified before it was stored.
      if (context.cacheHit) return outcome;
      if (outcome.kind === 'stream') {
        // A stream with tools: the text flows, the tool calls are held back per choice and healed whole.
        if (!checks.content) return { kind: 'stream', chunks: healToolCallStream(outcome.chunks, { tools: checks.tools, minConfidence: options.minConfidence, onFinding: (finding) => reportStreamedFinding(context, finding) }) };
        outcome = { kind: 'complete', result: await collectChatStream(outcome.chunks) };
      }
      const reliability = context.options.svc.reliability_level ?? 'standard';
      // An explicit strategy asks again by itself; otherwise the reliability level decides.
      const mayAskAgain = reliability !== 'standard' || strategy === 'schema' || strategy === 'cross_model';
      let completion = outcome.result;
      const started = performance.now();
      let findings = await inspectCompletion(completion, checks);
      const original = findings[0]?.original;
      let unresolved = applyConfidentHeals(findings, options.minConfidence, !mayAskAgain);

      // cross_model is a strategy of its own (spec 2.1), at any reliability level.
      if (unresolved.length === 0 && strategy === 'cross_model') {
        const problems = await crossModelCheck(context, next, completion, options);
        if (problems.length > 0) unresolved = [{ where: 'content', original: completion.choices[0]?.message.content ?? '', outcome: { status: 'failed', errors: problems }, apply: () => undefined }];
      }

      if (unresolved.length > 0 && mayAskAgain) {
        completion = await askAgain(context, next, unresolved);
        findings = await inspectCompletion(completion, checks);
        unresolved = applyConfidentHeals(findings, options.minConfidence, true);
        context.healerReport = {
          original: original ?? unresolved[0]?.original ?? '',
          healed: answerText(completion),
          stage: 're_ask',
          confidence: unresolved.length === 0 ? 1 : 0,
          healing_time_ms: Math.round(performance.now() - started),
        };
        addWarning(context.warnings, `output verification: the answer was not valid JSON; the model was asked again${unresolved.length > 0 ? ' and its second answer is still not valid' : ''}`);
      } else {
        const healed = findings.find((finding) => healStands(finding.outcome, options.minConfidence, !mayAskAgain));
        if (healed?.outcome.status === 'healed') {
          context.healerReport = {
            original: healed.original,
            healed: healed.outcome.text,
            stage: healed.outcome.stage,
            confidence: healed.outcome.confidence,
            healing_time_ms: Math.round((performance.now() - started) * 100) / 100,
          };
        }
      }
      for (const finding of unresolved) {
        const why = finding.outcome.status === 'failed' ? finding.outcome.errors.join('; ') : `only a low-confidence repair was possible (${finding.outcome.stage})`;
        addWarning(context.warnings, `output verification: ${finding.where} is not valid JSON for the requested format (${why}); returned as the model wrote it`);
      }
      return { kind: 'complete', result: completion };
    },
  };
}

/** A streamed tool call that was healed (healer_report, as for a whole answer) or could not be (a warning). */
function reportStreamedFinding(context: RoutedContext<'chat'>, finding: StreamedToolCallFinding): void {
  if (finding.applied && finding.outcome.status === 'healed') {
    context.healerReport ??= { original: finding.original, healed: finding.outcome.text, stage: finding.outcome.stage, confidence: finding.outcome.confidence, healing_time_ms: 0 };
    return;
  }
  const why = finding.outcome.status === 'failed' ? finding.outcome.errors.join('; ') : `only a low-confidence repair was possible (${finding.outcome.stage})`;
  addWarning(context.warnings, `output verification: tool call ${finding.name} is not valid JSON for the tool's parameters (${why}); streamed as the model wrote it`);
}

/**
 * Applies the heals sure enough to stand on their own, and with `closeCut` the closing of an answer cut
 * short (reported with its low confidence): an unclosed JSON value is useless to every caller, a closed one
 * keeps what the model wrote. Where the model may be asked again, that comes first; its answer, if cut too,
 * is then closed. Returns what is left unresolved.
 */
function applyConfidentHeals(findings: JsonFinding[], minConfidence: number, closeCut: boolean): JsonFinding[] {
  const unresolved: JsonFinding[] = [];
  for (const finding of findings) {
    if (healStands(finding.outcome, minConfidence, closeCut)) finding.apply(finding.outcome.text);
    else unresolved.push(finding);
  }
  return unresolved;
}

/** Calls the model once more (through the rest of the chain) with what was wrong; both calls are billed. */
async function askAgain(context: RoutedContext<'chat'>, next: Next<'chat'>, findings: JsonFinding[]): Promise<ChatCompletion> {
  const request = context.request;
  const reask: ChatRequest = { ...request, stream: false, stream_options: undefined, n: 1, messages: [...request.messages, { role: 'user', content: reaskMessage(findings) }] };
  return (await extraCall(context, next, reask, undefined, true)).completion;
}

/**
 * Asks a model of another provider whether the answer satisfies the request; returns the problems it
 * names (none when it agrees, or when no other provider is available — said in a warning).
 */
async function crossModelCheck(context: RoutedContext<'chat'>, next: Next<'chat'>, completion: ChatCompletion, options: OutputVerificationOptions): Promise<string[]> {
  const served = context.target?.model ?? context.route.model;
  const checker = options.pickChecker(served);
  if (!checker) {
    addWarning(context.warnings, 'output verification: cross_model found no model of another provider to check the answer');
    return [];
  }
  const lastUser = [...context.request.messages].reverse().find((message) => message.role === 'user');
  const format = context.request.response_format;
  const check: ChatRequest = {
    model: checker.slug,
    temperature: 0,
    response_format: { type: 'json_object' },
    messages: [
      { role: 'system', content: 'You check another model\'s answer. Reply with JSON only: {"valid": true or false, "problems": ["..."]}. Judge only whether the answer fits the request and the required format; never rewrite it.' },
      {
        role: 'user',
        content: `Request:\n${typeof lastUser?.content === 'string' ? lastUser.content : JSON.stringify(lastUser?.content ?? '')}\n\nRequired format:\n${JSON.stringify(format ?? 'JSON')}\n\nAnswer to check:\n${answerText(completion)}`,
      },
    ],
  };
  const { completion: verdictAnswer } = await extraCall(context, next, check, checker, false);
  const verdictText = verdictAnswer.choices[0]?.message.content ?? '';
  const verdict = healJson(verdictText, { requireObject: true });
  const value = verdict.status === 'valid' ? JSON.parse(verdictText) : verdict.status === 'healed' ? verdict.value : undefined;
  const valid = (value as { valid?: unknown } | undefined)?.valid;
  addWarning(context.warnings, `output verification: cross_model check by ${checker.slug}: ${valid === true ? 'valid' : valid === false ? 'invalid' : 'no verdict'}`);
  if (valid !== false) return [];
  const problems = (value as { problems?: unknown }).problems;
  return Array.isArray(problems) && problems.length > 0 ? problems.map(String) : ['the checking model judged the answer invalid'];
}

/**
 * One more call through the rest of the chain for this request. Its usage is added to the request's;
 * `replacesAnswer` says whether it becomes the answer (a re-ask) or only informs it (a check).
 */
async function extraCall(context: RoutedContext<'chat'>, next: Next<'chat'>, request: ChatRequest, model: CatalogModel | undefined, replacesAnswer: boolean): Promise<{ completion: ChatCompletion }> {
  const saved = { request: context.request, route: context.route, target: context.target, usage: context.usage };
  context.request = request;
  if (model) context.route = { ...context.route, model, candidates: [model] };
  try {
    const outcome = await next();
    const completion = outcome.kind === 'complete' ? outcome.result : await collectChatStream(outcome.chunks);
    const callUsage = context.usage;
    const callTarget = context.target;
    if (saved.usage && saved.target) {
      // The earlier answer's usage is billed with its own model; the sum is the request's usage.
      const prior = replacesAnswer ? { model: saved.target.model, usage: lastCallUsage(saved.usage, context.priorCalls) } : callTarget && callUsage ? { model: callTarget.model, usage: callUsage } : undefined;
      if (prior) (context.priorCalls ??= []).push(prior);
      context.usage = callUsage ? addUsage(saved.usage, callUsage) : saved.usage;
    }
    if (!replacesAnswer) context.target = saved.target;
    return { completion };
  } finally {
    context.request = saved.request;
    context.route = saved.route;
  }
}

/** The answering call's own usage: the request's sum without the calls already counted as prior. */
function lastCallUsage(total: MeteredUsage, priorCalls: Array<{ usage: MeteredUsage }> | undefined): MeteredUsage {
  let usage = total;
  for (const call of priorCalls ?? []) usage = subtractUsage(usage, call.usage);
  return usage;
}

function answerText(completion: ChatCompletion): string {
  const message = completion.choices[0]?.message;
  if (!message) return '';
  if (message.tool_calls?.length) return JSON.stringify(message.tool_calls.map((call) => ({ name: call.function.name, arguments: call.function.arguments })));
  return message.content ?? '';
}

