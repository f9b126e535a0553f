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
    const turns = await services.memory.recent(id, conversation);
    if (turns.length === 0) throw new GatewayError('resource_not_found', `Org ${id} remembers no conversation ${JSON.stringify(conversation)}`, { param: 'conversation' });
    return { org_id: id, conversation_id: conversation, turns };
  });

  app.delete('/v1/admin/orgs/:id/memory/:conversation', admin, async (request) => {
    const { id, conversation } = request.params as { id: string; conversation: string };
    requireOrgAccess(request.principal!, id, 'id');
    if (!(await services.memory.forget(id, conversation))) throw new GatewayError('resource_not_found', `Org ${id} remembers no conversation ${JSON.stringify(conversation)}`, { param: 'conversation' });
    return { org_id: id, conversation_id: conversation, forgotten: true };
  });

  app.delete('/v1/admin/orgs/:id/memory', admin, async (request) => {
    const { id } = request.params as { id: string };
    requireOrgAccess(request.principal!, id, 'id');
    return { org_id: id, conversations_forgotten: await services.memory.forgetOrg(id) };
  });
}
