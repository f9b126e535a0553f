import type { Operation, Outcome } from '../core/operations.js';
import type { RoutedContext } from './request-context.js';

/** The rest of the chain: the next stage, and at the end the provider call. May be called more than once. */
export type Next<O extends Operation> = () => Promise<Outcome<O>>;

/**
 * One stage, in the style of undici's interceptors or Koa middleware: it may answer without calling
 * `next` (a cache hit, a refusal by limits), call it again (a re-ask after broken JSON, a hedged call),
 * or wrap it (reserve a budget before, settle it after). Streams pass through as async iterables.
 * Every stage runs after routing: its context has a route.
 */
export interface Stage<O extends Operation = Operation> {
  readonly name: string;
  /** When present and false for a request, the stage is passed over at no cost (no timing, no closure). */
  appliesTo?(context: RoutedContext<O>): boolean;
  intercept(context: RoutedContext<O>, next: Next<O>): Promise<Outcome<O>>;
}

/** A stage that serves every operation the same way (limits, the provider call). */
export interface GenericStage {
  readonly name: string;
  appliesTo?(context: RoutedContext): boolean;
  intercept<O extends Operation>(context: RoutedContext<O>, next: Next<O>): Promise<Outcome<O>>;
}
