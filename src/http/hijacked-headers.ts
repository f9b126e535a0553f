import type { FastifyReply } from 'fastify';

/**
 * The headers an answer that bypasses Fastify (a hijacked stream) must still carry: those set on the reply
 * before it was hijacked (x-request-id, CORS), which Fastify would have sent with a reply of its own.
 */
export function hijackedHeaders(reply: FastifyReply, own: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  const set = reply.getHeaders();
  for (const name in set) {
    const value = set[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return Object.assign(headers, own);
}
