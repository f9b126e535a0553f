import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Authenticator } from '../auth/authenticator.js';
import { credentialOf } from '../auth/credentials.js';
import type { Principal } from '../auth/principal.js';
import { allowsFamily } from '../auth/scopes.js';
import { isAdmin } from '../auth/tenancy.js';
import { GatewayError } from '../errors/gateway-error.js';
import { sendError } from './error-handler.js';

/**
 * The `/v1` routes' door, as a callback-style onRequest step: the caller's key becomes `request.principal`, and a
 * route's scope (admin, or the endpoint's family) is checked. A cached key or the master key is admitted at once,
 * with no promise and no turn of the microtask queue (an async hook cost both on every request); a key read from
 * storage is admitted when it is read. A refusal is answered here, and `done` is then not called.
 */
export function admitCaller(authenticator: Authenticator, request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  let principal: Principal | Promise<Principal>;
  try {
    principal = authenticator.authenticate(credentialOf(request.headers, request.routeOptions.config.dialect?.keyHeader));
  } catch (error) {
    refuse(error, request, reply, done);
    return;
  }
  if (principal instanceof Promise) {
    principal.then(
      (read) => admit(read, request, reply, done),
      (error: unknown) => refuse(error, request, reply, done),
    );
  } else admit(principal, request, reply, done);
}

function admit(principal: Principal, request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  request.principal = principal;
  const config = request.routeOptions.config;
  if (config.admin && !isAdmin(principal)) {
    sendError(reply, new GatewayError('insufficient_scopes', 'This route needs the admin scope (or the master key)'), request);
  } else if (config.family && !allowsFamily(principal.scopes, config.family)) {
    sendError(reply, new GatewayError('insufficient_scopes', `This key lacks the ${config.family} scope (it has: ${[...principal.scopes].join(', ') || 'none'})`), request);
  } else done();
}

/** A refusal of the key is answered in the spec's envelope; anything else (storage down) goes to the error handler. */
function refuse(error: unknown, request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (error instanceof GatewayError) sendError(reply, error, request);
  else done(error as Error);
}
