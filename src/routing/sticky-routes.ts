import { DROPPABLE, type SharedState } from '../core/shared-state.js';

/** How long a chain keeps its model after its last turn. */
const STICKY_TTL_MS = 60 * 60 * 1000;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A chain's identity (spec 4.1): a `chain_id` that is a UUID (an invalid one is ignored), else the `conversation_id`. */
export function chainKeyOf(chainId: string | undefined, conversationId: string | undefined): string | undefined {
  if (chainId !== undefined && uuid.test(chainId)) return `chain:${chainId.toLowerCase()}`;
  if (conversationId !== undefined && conversationId !== '') return `conversation:${conversationId}`;
  return undefined;
}

/**
 * The model that served the first turn of a chain, so that later `auto` turns stay on it (issue 18). Kept in
 * the shared state (Redis across replicas) per org: another org's chain of the same id is another chain.
 */
export class StickyRoutes {
  constructor(private readonly state: SharedState) {}

  private key(orgId: string, chain: string): string {
    return `sticky:${orgId}:${chain}`;
  }

  get(orgId: string, chain: string): Promise<string | undefined> {
    return this.state.get(this.key(orgId, chain));
  }

  /** Only the first model is kept: a chain stays where it started. */
  remember(orgId: string, chain: string, modelSlug: string): Promise<boolean> {
    // Callers name chains at will: in process, their routes live in the state's bounded room (a dropped one is chosen again).
    return this.state.setIfAbsent(this.key(orgId, chain), modelSlug, STICKY_TTL_MS, DROPPABLE);
  }
}
