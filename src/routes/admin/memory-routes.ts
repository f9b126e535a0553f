import type { FastifyInstance } from 'fastify';
import { requireOrgAccess } from '../../auth/tenancy.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { GatewayServices } from '../../services.js';

/**
 * An org's conversation memory (issue 18): one conversation's turns listed or forgotten, or everything the org
 * has remembered forgotten at once (the right to be forgotten). An org's admin key reaches its own org only.
 */
export function registerMemoryRoutes(app: FastifyInstance, services: GatewayServices): void {
  const admin = { config: { admin: true } };

  app.get('/v1/admin/orgs/:id/memory/:conversation', admin, async (request) => {
    const { id, conversation } = request.params as { id: string; conversation: string };
    requireOrgAccess(request.principal!, id, 'id');
    const [turns, facts] = await Promise.all([services.memory.turns.recent(id, conversation), services.memory.facts.list(id, conversation)]);
    if (turns.length === 0 && facts.length === 0) throw new GatewayError('resource_not_found', `Org ${id} remembers no conversation ${JSON.stringify(conversation)}`, { param: 'conversation' });
    return {
      org_id: id,
      conversation_id: conversation,
      turns,
      facts: facts.map((fact) => ({ text: fact.text, entities: fact.entities, created_at: fact.created_at })),
    };
  });

  app.delete('/v1/admin/orgs/:id/memory/:conversation', admin, async (request) => {
    const { id, conversation } = request.params as { id: string; conversation: string };
    requireOrgAccess(request.principal!, id, 'id');
    const [turnsHeld, factsHeld] = await Promise.all([services.memory.turns.forget(id, conversation), services.memory.facts.forget(id, conversation)]);
    if (!turnsHeld && factsHeld === 0) throw new GatewayError('resource_not_found', `Org ${id} remembers no conversation ${JSON.stringify(conversation)}`, { param: 'conversation' });
    return { org_id: id, conversation_id: conversation, forgotten: true };
  });

  app.delete('/v1/admin/orgs/:id/memory', admin, async (request) => {
    const { id } = request.params as { id: string };
    requireOrgAccess(request.principal!, id, 'id');
    const [conversations, facts] = await Promise.all([services.memory.turns.forgetOrg(id), services.memory.facts.forget(id)]);
    return { org_id: id, conversations_forgotten: conversations, facts_forgotten: facts };
  });
}
