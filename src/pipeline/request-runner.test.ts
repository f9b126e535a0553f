import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Principal } from '../auth/principal.js';
import type { ChatCompletion, ChatCompletionChunk } from '../core/chat-types.js';
import type { Outcome } from '../core/operations.js';
import { UpstreamError } from '../errors/upstream-error.js';
import type { IntelligenceMode } from '../core/intelligence-mode.js';
import type { RequestContext } from './request-context.js';
import { RequestRunner, type AfterWork } from './request-runner.js';
import type { GenericStage, Stage } from './stage.js';

const principal: Principal = { orgId: 'org', keyId: 'key', keyPrefix: 'svc_x', scopes: new Set(['api']), isMaster: false, limits: { rpm: null, tpm: null, monthlyTokenQuota: null, monthlyBudgetUsd: null } };

function contextFor(mode: IntelligenceMode = 'proxy', toggles: RequestContext['toggles'] = {}): RequestContext<'chat'> {
  return {
    operation: 'chat', endpoint: 'chat.completions', family: 'chat', requestId: 'req_1', startedAt: process.hrtime.bigint(), principal, governance: { policy: undefined, tools: new Map() },
    requestedModel: 'm', mode, modeSource: 'header', toggles, options: { svc: {}, metadata: {} }, signal: new AbortController().signal,
    request: { model: 'm', messages: [{ role: 'user', content: 'hi' }] }, warnings: [], timings: {}, attempts: [], status: 0,
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

describe('the request runner', () => {
  test('a stage may answer without calling next: the provider is never called, after-work runs once', async () => {
    const provider = fakeProvider(() => ({ kind: 'complete', result: completion('from provider') }));
    const cache: Stage<'chat'> = { name: 'cache', intercept: async () => ({ kind: 'complete', result: completion('cached') }) };
    const { runs, work } = recordingAfterWork();
    const runner = new RequestRunner([{ stage: 'cache', operations }, { stage: 'provider_call', operations }], { cache, provider_call: provider.stage }, [work]);
    let answered: string | null = null;
    await runner.run(contextFor(), (outcome, settle) => {
      settle(200);
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
    const runner = new RequestRunner([{ stage: 'verify', operations }, { stage: 'provider_call', operations }], { verify: verifier, provider_call: provider.stage }, []);
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
    const runner = new RequestRunner([{ stage: 'limits', operations }, { stage: 'provider_call', operations }], { limits, provider_call: provider.stage }, [work]);
    await runner.run(contextFor(), (_outcome, settle) => settle(200));
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
    const runner = new RequestRunner([{ stage: 'provider_call', operations }], { provider_call: provider.stage }, [work]);
    await runner.run(contextFor(), async (outcome, settle) => {
      assert.equal(outcome.kind, 'stream');
      let seen = 0;
      for await (const _chunk of (outcome as { chunks: AsyncIterable<ChatCompletionChunk> }).chunks) {
        if (++seen === 2) {
          settle(499); // the client left after two chunks
          break;
        }
      }
      settle(200); // a second settle changes nothing
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
    const runner = new RequestRunner([{ stage: 'provider_call', operations }], { provider_call: provider.stage }, [work]);
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
    const runner = new RequestRunner(
      [{ stage: 'exact_cache', operations, feature: 'exact_cache' }, { stage: 'provider_call', operations }],
      { exact_cache: cache, provider_call: provider.stage },
      [],
    );
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
    const runner = new RequestRunner([{ stage: 'outer', operations }, { stage: 'provider_call', operations }], { outer, provider_call: slow }, []);
    const context = contextFor();
    await runner.run(context, () => undefined);
    assert.ok(context.timings.provider_call >= 25, `provider_call took ${context.timings.provider_call} ms`);
    assert.ok(context.timings.outer < 10, `outer's own time was ${context.timings.outer} ms`);
  });
});
