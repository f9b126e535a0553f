import type { Operation, Outcome } from '../core/operations.js';
import { toGatewayError } from '../errors/failure-table.js';
import { stageMatrix, toggleAllows, type PipelineFeature } from './intelligence-modes.js';
import { intelligenceModes, type IntelligenceMode } from '../core/intelligence-mode.js';
import type { RequestContext } from './request-context.js';
import type { GenericStage, Next, Stage } from './stage.js';
import type { StageRow } from './stage-table.js';

/** Ends a request's accounting: records the status and runs the after-work, once (later calls do nothing). */
export type Settle = (status: number) => void;

/** Turns an outcome into the endpoint's answer. It calls `settle` before the last byte leaves (the usage is then known). */
export type Render<O extends Operation> = (outcome: Outcome<O>, settle: Settle) => Promise<void> | void;

/**
 * Work that runs exactly once per request when its outcome is known — also for a failed request and a
 * cut stream: cost, the usage ledger, and later the cache and memory stores and the audit trail.
 * Each item only computes or queues; nothing here waits on storage.
 */
export interface AfterWork {
  readonly name: string;
  run(context: RequestContext): void;
}

/** One implementation per stage name of the table. */
export type StageImplementations = Record<string, Stage<any> | GenericStage>;

interface ChainLink {
  stage: Stage<any> | GenericStage;
  /** Set when a per-request toggle may switch the stage off. */
  feature?: PipelineFeature;
}

type Chain = (context: RequestContext) => Promise<Outcome<Operation>>;

interface ComposedChain {
  run: Chain;
  stageNames: string[];
}

/**
 * The one runner every endpoint shares: the chain of its operation and mode (composed once, from the
 * stage table), then the endpoint's renderer, then the after-work.
 */
export class RequestRunner {
  private readonly chains = new Map<string, ComposedChain>();

  constructor(
    table: ReadonlyArray<Omit<StageRow, 'stage'> & { stage: string }>,
    implementations: StageImplementations,
    private readonly afterWork: readonly AfterWork[],
    private readonly onAfterWorkError: (error: unknown, work: string, context: RequestContext) => void = () => undefined,
  ) {
    for (const row of table) if (!implementations[row.stage]) throw new Error(`stage ${row.stage} has no implementation`);
    const operationsInTable = new Set(table.flatMap((row) => row.operations));
    for (const operation of operationsInTable) {
      for (const mode of intelligenceModes) {
        const links: ChainLink[] = table
          .filter((row) => row.operations.includes(operation) && (row.feature === undefined || stageMatrix[row.feature][mode]))
          .map((row) => ({ stage: implementations[row.stage], feature: row.feature }));
        this.chains.set(chainKey(operation, mode), { run: compose(links), stageNames: links.map((link) => link.stage.name) });
      }
    }
  }

  /** The stage names of a chain, in order (for tests and the architecture page). */
  stagesOf(operation: Operation, mode: IntelligenceMode): string[] {
    return this.chains.get(chainKey(operation, mode))?.stageNames ?? [];
  }

  async run<O extends Operation>(context: RequestContext<O>, render: Render<O>): Promise<void> {
    const chain = this.chains.get(chainKey(context.operation, context.mode));
    if (!chain) throw new Error(`no stage chain for ${context.operation} in ${context.mode} mode`);
    let settled = false;
    const settle: Settle = (status) => {
      if (settled) return;
      settled = true;
      context.status = status;
      for (const work of this.afterWork) {
        try {
          work.run(context);
        } catch (error) {
          this.onAfterWorkError(error, work.name, context);
        }
      }
    };

    let outcome: Outcome<O>;
    try {
      outcome = (await chain.run(context)) as Outcome<O>;
    } catch (error) {
      settle(context.signal.aborted ? 499 : toGatewayError(error, context.family).status);
      throw error;
    }
    let rendered = false;
    try {
      await render(outcome, settle);
      rendered = true;
    } finally {
      // A renderer that failed, or a stream it did not read to the end, must not leave an upstream running.
      if (outcome.kind === 'stream' && !rendered) await outcome.chunks[Symbol.asyncIterator]().return?.().catch(() => undefined);
      settle(rendered ? 200 : context.signal.aborted ? 499 : 500);
    }
  }
}

function chainKey(operation: Operation, mode: IntelligenceMode): string {
  return `${operation}:${mode}`;
}

/**
 * Folds the links into one function, koa-compose style. Each stage's timing is its own time: the time
 * spent in `next` (the stages it wraps, the upstream) is subtracted.
 */
function compose(links: ChainLink[]): Chain {
  const dispatch = (context: RequestContext, index: number): Promise<Outcome<Operation>> => {
    const link = links[index];
    if (!link) return Promise.reject(new Error('the stage chain ended without an answer (no provider_call stage?)'));
    if (link.feature !== undefined && !toggleAllows(link.feature, context.toggles)) return dispatch(context, index + 1);
    if (link.stage.appliesTo && !link.stage.appliesTo(context as never)) return dispatch(context, index + 1);
    const started = performance.now();
    let inner = 0;
    const next: Next<Operation> = async () => {
      const nextStarted = performance.now();
      try {
        return await dispatch(context, index + 1);
      } finally {
        inner += performance.now() - nextStarted;
      }
    };
    const timed = (): void => {
      context.timings[link.stage.name] = Math.round((performance.now() - started - inner) * 100) / 100;
    };
    const pending = link.stage.intercept(context, next);
    pending.then(timed, timed);
    return pending;
  };
  return (context) => dispatch(context, 0);
}
