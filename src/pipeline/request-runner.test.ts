import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Principal } from '../auth/principal.js';
import type { ChatCompletion, ChatCompletionChunk } from '../core/chat-types.js';
import type { Outcome } from '../core/operations.js';
import { UpstreamError } from '../errors/upstream-error.js';
import type { IntelligenceMode } from '../core/intelligence-mode.js';
import type { RequestContext, RoutedContext } from './request-context.js';
import { emptyUsage, type MeteredUsage } from '../core/metered-usage.js';
import { RequestRunner, type AfterWork, type Durability, type RunnerParts } from './request-runner.js';
import type { CatalogModel } from '../catalog/catalog-types.js';
import type { RouteDecision } from '../routing/model-router.js';
import { GatewayError } from '../errors/gateway-error.js';
import type { GenericStage, Stage } from './stage.js';

const principal: Principal = { orgId: 'org', keyId: 'key', keyPrefix: 'svc_x', scopes: new Set(['api']), isMaster: false, limits: { rpm: null, tpm: null, monthlyTokenQuota: null, monthlyBudgetUsd: null } };

function contextFor(mode: IntelligenceMode = 'proxy', toggles: RequestContext['toggles'] = {}): RequestContext<'chat'> {
  return {
    operation: 'chat', endpoint: 'chat.completions', family: 'chat', requestId: 'req_1', startedAt: process.hrtime.bigint(), principal, governance: { policy: undefined, tools: new Map() },
    requestedModel: 'm', mode, modeSource: 'header', toggles, options: { svc: {}, metadata: {} }, signal: new AbortController().signal, trace: undefined,
    request: { model: 'm', messages: [{ role: 'user', content: 'hi' }] }, bodySource: undefined, warnings: [], timings: {}, attempts: [], status: 0,
  };
}

const completion = (content: string): ChatCompletion => ({ id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });
const chunk = (content: string): ChatCompletionChunk => ({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] });

/** A provider stand-in at the end of the chain: counts its calls and answers with what `answer` says. */
function fakeProvider(answer: (call: number) => Outcome<'chat'>) {
  const provider = { calls: 0, stage: undefined as unknown as GenericStage };
  provider.stage = {
    name: 'provider_call',
    async intercept() {
      provider.calls++;
      return answer(provider.calls) as never;
    },
  };
  return provider;
}

/** After-work that records each run with the status it saw. */
function recordingAfterWork() {
  const runs: number[] = [];
  const work: AfterWork = { name: 'record', run: (context) => void runs.push(context.status) };
  return { runs, work };
}

const operations = ['chat'] as const;

/** A catalog row as the pricing reads it: $1 per million input tokens, $2 per million output tokens. */
const model = { slug: 'p/m', provider: 'p', pricing: { input_per_mtok: 1, output_per_mtok: 2 } } as unknown as CatalogModel;
const decision: RouteDecision = { model, candidates: [model], tier: 'T2', lane: 'smart', decisionSource: 'Pinned', summary: 'pinned p/m' };

/** Metered usage of `inputTokens` in and `outputTokens` out. */
const tokens = (inputTokens: number, outputTokens: number): MeteredUsage => ({ ...emptyUsage(), inputTokens, outputTokens });

/** A provider stand-in that serves from `model` (as the executor sets the target) and answers with `answer`. */
function servedBy(answer: (context: RoutedContext) => Outcome<'chat'>): GenericStage {
  return {
    name: 'provider_call',
    async intercept(context) {
      context.target = { model, provider: { id: 'p' }, keySource: 'pool' } as never;
      return answer(context) as never;
    },
  };
}

/** A journal whose group write waits until the test lets it finish: `events` says when each write was asked for and done. */
function heldDurability() {
  const events: string[] = [];
  let finish: () => void = () => {};
  const durability: Durability = {
    whenDurable: () => {
      events.push('group write scheduled');
      return new Promise<void>((resolve) => (finish = () => (events.push('group written'), resolve())));
    },
    now: () => void events.push('written at once'),
  };
  return { events, durability, finishGroupWrite: () => finish() };
}

function parts(table: RunnerParts['table'], stages: RunnerParts['stages'], afterWork: AfterWork[] = [], route: RunnerParts['route'] = () => decision): RunnerParts {
  return { route, table, stages, afterWork };
}

describe('the request runner', () => {
  test('a stage may answer without calling next: the provider is never called, after-work runs once', async () => {
    const provider = fakeProvider(() => ({ kind: 'complete', result: completion('from provider') }));
    const cache: Stage<'chat'> = { name: 'cache', intercept: async () => ({ kind: 'complete', result: completion('cached') }) };
    const { runs, work } = recordingAfterWork();
    const runner = new RequestRunner(parts([{ stage: 'cache', operations }, { stage: 'provider_call', operations }], { cache, provider_call: provider.stage }, [work]));
    let answered: string | null = null;
    await runner.run(contextFor(), (outcome) => {
      answered = outcome.kind === 'complete' ? outcome.result.choices[0].message.content : null;
    });
    assert.equal(answered, 'cached');
    assert.equal(provider.calls, 0);
    assert.deepEqual(runs, [200]);
  });

  test('a stage may call next twice (a re-ask): the provider is called twice and the second answer wins', async () => {
    const provider = fakeProvider((call) => ({ kind: 'complete', result: completion(call === 1 ? '{broken' : '{"ok":true}') }));
    const verifier: Stage<'chat'> = {
      name: 'verify',
      async intercept(_context, next) {
        const first = await next();
        const text = first.kind === 'complete' ? first.result.choices[0].message.content : '';
        return text?.startsWith('{"') ? first : next();
      },
    };
    const runner = new RequestRunner(parts([{ stage: 'verify', operations }, { stage: 'provider_call', operations }], { verify: verifier, provider_call: provider.stage }, []));
    let answered: string | null = null;
    await runner.run(contextFor(), (outcome) => {
      answered = outcome.kind === 'complete' ? outcome.result.choices[0].message.content : null;
    });
    assert.equal(provider.calls, 2);
    assert.equal(answered, '{"ok":true}');
  });

  test('a stage may wrap the rest: reserve before, settle after, release when the call fails', async () => {
    const events: string[] = [];
    const limits: Stage<'chat'> = {
      name: 'limits',
      async intercept(_context, next) {
        events.push('reserve');
        try {
          const outcome = await next();
          events.push('settle');
          return outcome;
        } catch (error) {
          events.push('release');
          throw error;
        }
      },
    };
    let fail = false;
    const provider = fakeProvider(() => {
      events.push('call');
      if (fail) throw new UpstreamError('p', { kind: 'server_error', status: 500, message: 'down' });
      return { kind: 'complete', result: completion('ok') };
    });
    const { runs, work } = recordingAfterWork();
    const runner = new RequestRunner(parts([{ stage: 'limits', operations }, { stage: 'provider_call', operations }], { limits, provider_call: provider.stage }, [work]));
    await runner.run(contextFor(), () => undefined);
    fail = true;
    await assert.rejects(runner.run(contextFor(), () => undefined), UpstreamError);
    assert.deepEqual(events, ['reserve', 'call', 'settle', 'reserve', 'call', 'release']);
    // A failed request is accounted too, with the status its caller got (a chat 502).
    assert.deepEqual(runs, [200, 502]);
  });

  test('a stream cut by the client is settled once, with 499, and its upstream is stopped', async () => {
    let stopped = false;
    async function* upstream() {
      try {
        for (const word of ['a', 'b', 'c', 'd']) yield chunk(word);
      } finally {
        stopped = true;
      }
    }
    const provider = fakeProvider(() => ({ kind: 'stream', chunks: upstream() }));
    const { runs, work } = recordingAfterWork();
    const runner = new RequestRunner(parts([{ stage: 'provider_call', operations }], { provider_call: provider.stage }, [work]));
    await runner.run(contextFor(), async (outcome) => {
      assert.equal(outcome.kind, 'stream');
      let seen = 0;
      for await (const _chunk of (outcome as { chunks: AsyncIterable<ChatCompletionChunk> }).chunks) {
        if (++seen === 2) break; // the client left after two chunks
      }
    });
    assert.deepEqual(runs, [499]);
    assert.equal(stopped, true);
  });

  test('a renderer that fails before reading a stream still stops the upstream and settles once', async () => {
    let returned = false;
    const chunks: AsyncIterable<ChatCompletionChunk> = {
      [Symbol.asyncIterator]: () => ({
        next: async () => ({ done: false, value: chunk('x') }),
        return: async () => {
          returned = true;
          return { done: true, value: undefined };
        },
      }),
    };
    const provider = fakeProvider(() => ({ kind: 'stream', chunks }));
    const { runs, work } = recordingAfterWork();
    const runner = new RequestRunner(parts([{ stage: 'provider_call', operations }], { provider_call: provider.stage }, [work]));
    await assert.rejects(
      runner.run(contextFor(), () => {
        throw new Error('render bug');
      }),
      /render bug/,
    );
    assert.equal(returned, true);
    assert.deepEqual(runs, [500]);
  });

  test('the chains follow the stage matrix per mode, and a per-request toggle switches a stage off', async () => {
    const seen: string[] = [];
    const cache: Stage<'chat'> = {
      name: 'exact_cache',
      async intercept(_context, next) {
        seen.push('exact_cache');
        return next();
      },
    };
    const provider = fakeProvider(() => ({ kind: 'complete', result: completion('x') }));
    const runner = new RequestRunner(parts([{ stage: 'exact_cache', operations, feature: 'exact_cache' }, { stage: 'provider_call', operations }], { exact_cache: cache, provider_call: provider.stage }));
    assert.deepEqual(runner.stagesOf('chat', 'proxy'), ['provider_call']);
    assert.deepEqual(runner.stagesOf('chat', 'cache'), ['exact_cache', 'provider_call']);
    assert.deepEqual(runner.stagesOf('chat', 'full'), ['exact_cache', 'provider_call']);
    await runner.run(contextFor('proxy'), () => undefined);
    await runner.run(contextFor('full', { enable_cache: false }), () => undefined);
    assert.deepEqual(seen, []);
    await runner.run(contextFor('cache'), () => undefined);
    assert.deepEqual(seen, ['exact_cache']);
    assert.equal(provider.calls, 3);
  });

  test("each stage's timing is its own time, without the stages it wraps", async () => {
    const outer: Stage<'chat'> = {
      name: 'outer',
      async intercept(_context, next) {
        return next();
      },
    };
    const provider = fakeProvider(() => ({ kind: 'complete', result: completion('x') }));
    const slow: GenericStage = {
      name: 'provider_call',
      async intercept(context, next) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        return provider.stage.intercept(context, next);
      },
    };
    const runner = new RequestRunner(parts([{ stage: 'outer', operations }, { stage: 'provider_call', operations }], { outer, provider_call: slow }, []));
    const context = contextFor();
    await runner.run(context, () => undefined);
    assert.ok(context.timings.provider_call >= 25, `provider_call took ${context.timings.provider_call} ms`);
    assert.ok(context.timings.outer < 10, `outer's own time was ${context.timings.outer} ms`);
  });

  test('routing comes first: every stage sees the route; a refused route runs no stage and is settled with its status', async () => {
    const seenModels: string[] = [];
    const observer: Stage<'chat'> = {
      name: 'observer',
      async intercept(context, next) {
        seenModels.push(context.route.model.slug);
        return next();
      },
    };
    const provider = fakeProvider(() => ({ kind: 'complete', result: completion('x') }));
    const { runs, work } = recordingAfterWork();
    const runner = new RequestRunner(parts([{ stage: 'observer', operations }, { stage: 'provider_call', operations }], { observer, provider_call: provider.stage }, [work]));
    const context = contextFor();
    await runner.run(context, () => undefined);
    assert.deepEqual(seenModels, ['p/m']);
    assert.equal(typeof context.timings.route, 'number');

    const refusing = new RequestRunner(
      parts([{ stage: 'observer', operations }, { stage: 'provider_call', operations }], { observer, provider_call: provider.stage }, [work], () => {
        throw new GatewayError('validation_error', 'model "x" is not in the catalog', { param: 'model' });
      }),
    );
    await assert.rejects(refusing.run(contextFor(), () => undefined), GatewayError);
    assert.deepEqual(seenModels, ['p/m']);
    assert.equal(provider.calls, 1);
    assert.deepEqual(runs, [200, 400]);
  });

  test('a whole answer is priced and settled before it is rendered (its record exists before the caller sees it), once', async () => {
    // 1,000 input tokens at $1/M and 500 output tokens at $2/M: $0.002.
    const provider = servedBy((context) => {
      context.usage = tokens(1000, 500);
      return { kind: 'complete', result: completion('x') };
    });
    const { runs, work } = recordingAfterWork();
    const runner = new RequestRunner(parts([{ stage: 'provider_call', operations }], { provider_call: provider }, [work]));
    const context = contextFor();
    let costWhenRendered: number | undefined;
    let settledWhenRendered: number[] = [];
    await runner.run(context, () => {
      costWhenRendered = context.cost?.cost_usd;
      settledWhenRendered = [...runs];
    });
    assert.deepEqual(settledWhenRendered, [200]);
    assert.equal(costWhenRendered, 0.002);
    assert.deepEqual(runs, [200]);
  });

  test('a stream is priced as its usage passes and settled when its last chunk is read, before the renderer closes it', async () => {
    const provider = servedBy((context) => {
      async function* upstream() {
        yield chunk('a');
        context.usage = tokens(2000, 1000); // what the metering does when the usage chunk passes
        yield { ...chunk(''), choices: [], usage: { prompt_tokens: 2000, completion_tokens: 1000, total_tokens: 3000 } };
      }
      return { kind: 'stream', chunks: upstream() };
    });
    const { runs, work } = recordingAfterWork();
    const runner = new RequestRunner(parts([{ stage: 'provider_call', operations }], { provider_call: provider }, [work]));
    const context = contextFor();
    const costPerChunk: Array<number | undefined> = [];
    let settledBeforeClosing: number[] = [];
    await runner.run(context, async (outcome) => {
      for await (const _chunk of (outcome as { chunks: AsyncIterable<ChatCompletionChunk> }).chunks) costPerChunk.push(context.cost?.cost_usd);
      settledBeforeClosing = [...runs];
    });
    // $0.002 + $0.002: priced on the usage chunk, not before.
    assert.deepEqual(costPerChunk, [undefined, 0.004]);
    assert.deepEqual(settledBeforeClosing, [200]);
    assert.deepEqual(runs, [200]);
  });

  test("a stream read to its end learns of its end only once its record's group write is done; a cut stream writes at once", async () => {
    const { events, durability, finishGroupWrite } = heldDurability();
    const streamed = () =>
      servedBy(() => {
        async function* upstream() {
          yield chunk('a');
          yield chunk('b');
        }
        return { kind: 'stream', chunks: upstream() };
      });
    const { work } = recordingAfterWork();
    const runner = new RequestRunner({ ...parts([{ stage: 'provider_call', operations }], { provider_call: streamed() }, [work]), durability });
    const running = runner.run(contextFor(), async (outcome) => {
      for await (const _chunk of (outcome as { chunks: AsyncIterable<ChatCompletionChunk> }).chunks) events.push('chunk');
      events.push('closing events');
    });
    for (let turn = 0; turn < 20 && !events.includes('closing events'); turn++) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(events, ['chunk', 'chunk', 'group write scheduled'], 'the end waits for the write');
    finishGroupWrite();
    await running;
    assert.deepEqual(events, ['chunk', 'chunk', 'group write scheduled', 'group written', 'closing events']);

    events.length = 0;
    const cutRunner = new RequestRunner({ ...parts([{ stage: 'provider_call', operations }], { provider_call: streamed() }, [work]), durability });
    await cutRunner.run(contextFor(), async (outcome) => {
      for await (const _chunk of (outcome as { chunks: AsyncIterable<ChatCompletionChunk> }).chunks) break; // the reader leaves after one chunk
    });
    assert.deepEqual(events, ['written at once']);
  });

  test("a failed request's error reaches the renderer's caller only once its record's group write is done", async () => {
    const { events, durability, finishGroupWrite } = heldDurability();
    const refusing: GenericStage = { name: 'provider_call', intercept: async () => Promise.reject(new GatewayError('rate_limit_exceeded', 'rpm limit of 1 reached')) };
    const { runs, work } = recordingAfterWork();
    const runner = new RequestRunner({ ...parts([{ stage: 'provider_call', operations }], { provider_call: refusing }, [work]), durability });
    const running = runner.run(contextFor(), () => void events.push('rendered')).catch((error: GatewayError) => void events.push(`error ${error.status}`));
    for (let turn = 0; turn < 20 && events.length < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(events, ['group write scheduled'], 'the error waits for the write');
    finishGroupWrite();
    await running;
    assert.deepEqual(events, ['group write scheduled', 'group written', 'error 429']);
    assert.deepEqual(runs, [429]);
  });

  test('a stream the upstream breaks is settled with the status its caller is told, and a cut stream is billed from its text', async () => {
    const provider = servedBy((context) => {
      const streamedText: string[] = [];
      context.streamedText = streamedText;
      async function* upstream() {
        streamedText.push('partial answer');
        yield chunk('partial answer');
        throw new UpstreamError('p', { kind: 'server_error', status: 500, message: 'connection reset' });
      }
      return { kind: 'stream', chunks: upstream() };
    });
    const { runs, work } = recordingAfterWork();
    const runner = new RequestRunner(parts([{ stage: 'provider_call', operations }], { provider_call: provider }, [work]));
    const context = contextFor();
    await runner.run(context, async (outcome) => {
      await assert.rejects(async () => {
        for await (const _chunk of (outcome as { chunks: AsyncIterable<ChatCompletionChunk> }).chunks);
      }, UpstreamError);
    });
    assert.deepEqual(runs, [502]);
    assert.equal(context.usage?.estimated, true);
    assert.ok((context.usage?.outputTokens ?? 0) > 0, 'the streamed text is counted');
    assert.ok((context.cost?.cost_usd ?? 0) > 0, 'and priced');
  });
});

