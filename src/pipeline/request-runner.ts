import type { Span } from '@opentelemetry/api';
import type { PlatformFees } from './accounting.js';
import type { Operation, Outcome } from '../core/operations.js';
import { tapStream } from '../core/stream-tap.js';
import { toGatewayError } from '../errors/failure-table.js';
import { stageMatrix, toggleAllows, type PipelineFeature } from './intelligence-modes.js';
import { intelligenceModes, type IntelligenceMode } from '../core/intelligence-mode.js';
import { Settlement, type AfterWork, type Durability } from './settlement.js';
import type { RequestContext, RoutedContext } from './request-context.js';
import type { RouteRequest } from './route-request.js';
import type { GenericStage, Next, Stage } from './stage.js';
import type { StageRow } from './stage-table.js';

export type { AfterWork, Durability } from './settlement.js';

/**
 * Turns an outcome into the endpoint's answer. A whole result is priced and settled before it is called; a
 * stream is priced as its usage passes and settled when its last chunk has been read, before the
 * renderer's closing events. Either way the record exists before the answer's last byte leaves.
 */
export type Render<O extends Operation> = (outcome: Outcome<O>) => Promise<void> | void;

/** One implementation per stage name of the table. */
export type StageImplementations = Record<string, Stage<any> | GenericStage>;

export interface RunnerParts {
  /** Runs before the first stage: every stage sees a routed context. */
  route: RouteRequest;
  table: ReadonlyArray<Omit<StageRow, 'stage'> & { stage: string }>;
  stages: StageImplementations;
  afterWork: readonly AfterWork[];
  onAfterWorkError?: (error: unknown, work: string, context: RequestContext) => void;
  /** svc's own charges, added when a request is priced. */
  fees?: PlatformFees;
  /** Where the after-work's records become durable (the ledger's journal), waited for before an answer leaves. */
  durability?: Durability;
}

const alreadyDurable: Durability = { whenDurable: () => undefined, now: () => undefined };

interface ChainLink {
  stage: Stage<any> | GenericStage;
  /** Set when a per-request toggle may switch the stage off. */
  feature?: PipelineFeature;
}

type Chain = (context: RoutedContext) => Promise<Outcome<Operation>>;

interface ComposedChain {
  run: Chain;
  stageNames: string[];
}

/**
 * The one runner every endpoint shares: routing, the chain of the operation and mode (composed once,
 * from the stage table), the endpoint's renderer — and the request's accounting, which happens here and
 * nowhere else: priced when its usage is known, settled (status, after-work) exactly once.
 */
export class RequestRunner {
  private readonly chains = new Map<string, ComposedChain>();
  private readonly route: RouteRequest;
  private readonly afterWork: readonly AfterWork[];
  private readonly onAfterWorkError: NonNullable<RunnerParts['onAfterWorkError']>;
  private readonly fees: PlatformFees | undefined;
  private readonly durability: Durability;

  constructor(parts: RunnerParts) {
    this.route = parts.route;
    this.durability = parts.durability ?? alreadyDurable;
    this.afterWork = parts.afterWork;
    this.onAfterWorkError = parts.onAfterWorkError ?? (() => undefined);
    this.fees = parts.fees;
    const { table, stages } = parts;
    for (const row of table) if (!stages[row.stage]) throw new Error(`stage ${row.stage} has no implementation`);
    const operationsInTable = new Set(table.flatMap((row) => row.operations));
    for (const operation of operationsInTable) {
      for (const mode of intelligenceModes) {
        const links: ChainLink[] = table
          .filter((row) => row.operations.includes(operation) && (row.feature === undefined || stageMatrix[row.feature][mode]))
          .map((row) => ({ stage: stages[row.stage], feature: row.feature }));
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
    const settlement = new Settlement(context, this.afterWork, this.onAfterWorkError, this.durability, this.fees);

    let outcome: Outcome<O>;
    try {
      outcome = (await chain.run(this.routed(context))) as Outcome<O>;
    } catch (error) {
      // The error answer leaves after the record's group write: a storm of refusals (429s) costs one write a turn, not one each.
      const durable = settlement.settleDurably(statusOfFailure(context, error));
      if (durable) await durable;
      throw error;
    }
    // Settled before the first byte of the answer leaves: the usage record is journaled before the caller can
    // see its answer, so a crash (kill -9) right after an answer never loses that answer's record.
    if (outcome.kind === 'complete') {
      const durable = settlement.settleDurably(200);
      if (durable) await durable;
    } else outcome = { kind: 'stream', chunks: settledWhenRead(outcome.chunks, context, settlement) };

    let rendered = false;
    try {
      await render(outcome);
      rendered = true;
    } finally {
      // Settles only a failed or cut render (a whole answer and a stream read to its end are settled by now).
      settlement.settleAtOnce(context.signal.aborted ? 499 : rendered ? 200 : 500);
      // A renderer that failed, or a stream it did not read to the end, must not leave an upstream running.
      if (outcome.kind === 'stream' && !rendered) await outcome.chunks[Symbol.asyncIterator]().return?.().catch(() => undefined);
    }
  }

  /**
   * Accounts for a request answered outside the chains (a response of a realtime session): priced, its
   * limits settled and its usage recorded by the same after-work as every other request.
   */
  settleOutside(context: RequestContext, status: number): void {
    new Settlement(context, this.afterWork, this.onAfterWorkError, this.durability, this.fees).settleAtOnce(status);
  }

  /** Routes the request: the one place a context gains its route, timed like a stage. */
  private routed<O extends Operation>(context: RequestContext<O>): RoutedContext<O> {
    const started = performance.now();
    const span = context.trace?.startStage('route', undefined);
    let route: RoutedContext<O>['route'];
    try {
      route = this.route(context);
    } catch (error) {
      if (span) context.trace!.endStage(span, error);
      throw error;
    }
    if (span) {
      span.setAttributes({ 'svc.route.model': route.model.slug, 'svc.route.tier': route.tier, 'svc.route.decision_source': route.decisionSource });
      context.trace!.endStage(span);
    }
    const routed = context as RoutedContext<O>;
    routed.route = route;
    context.timings.route = Math.round((performance.now() - started) * 100) / 100;
    return routed;
  }
}

/** The status a failed request is accounted with: 499 when its caller left, else what the caller is told (and its error code). */
function statusOfFailure(context: RequestContext, error: unknown): number {
  if (context.signal.aborted) {
    context.errorCode = 'client_closed_request';
    return 499;
  }
  const failure = toGatewayError(error, context.family);
  context.errorCode = failure.code;
  return failure.status;
}

/**
 * A stream as the renderer reads it: priced whenever a chunk brings new usage (the usage chunk carries
 * svc_metadata), settled when its last chunk has been read — 200, the failure's status, or 499 when the
 * reader stopped early (the client left).
 */
function settledWhenRead<C>(chunks: AsyncIterable<C>, context: RequestContext, settlement: Settlement): AsyncIterable<C> {
  return tapStream(
    chunks,
    () => settlement.priceIfChanged(),
    // Read to its end: the record joins the turn's group write, which the closing events ([DONE]) wait for. Cut or failed: written at once.
    (complete, error) => (complete ? settlement.settleDurably(200) : settlement.settleAtOnce(error === undefined ? 499 : statusOfFailure(context, error))),
  );
}

function chainKey(operation: Operation, mode: IntelligenceMode): string {
  return `${operation}:${mode}`;
}

/**
 * Folds the links into one function, koa-compose style. Each stage's timing is its own time: the time
 * spent in `next` (the stages it wraps, the upstream) is subtracted. When the request is traced, each
 * stage is a span, a child of the stage that called it (`parent`).
 */
function compose(links: ChainLink[]): Chain {
  const dispatch = (context: RoutedContext, index: number, parent: Span | undefined): Promise<Outcome<Operation>> => {
    const link = links[index];
    if (!link) return Promise.reject(new Error('the stage chain ended without an answer (no provider_call stage?)'));
    if (link.feature !== undefined && !toggleAllows(link.feature, context.toggles)) return dispatch(context, index + 1, parent);
    if (link.stage.appliesTo && !link.stage.appliesTo(context as never)) return dispatch(context, index + 1, parent);
    const started = performance.now();
    const trace = context.trace;
    const span = trace?.startStage(link.stage.name, parent);
    let inner = 0;
    const next: Next<Operation> = async () => {
      const nextStarted = performance.now();
      try {
        return await dispatch(context, index + 1, span);
      } finally {
        inner += performance.now() - nextStarted;
      }
    };
    const timed = (): void => {
      context.timings[link.stage.name] = Math.round((performance.now() - started - inner) * 100) / 100;
    };
    const pending = link.stage.intercept(context, next);
    pending.then(timed, timed);
    if (span) pending.then(() => trace!.endStage(span), (error: unknown) => trace!.endStage(span, error));
    return pending;
  };
  return (context) => dispatch(context, 0, undefined);
}
