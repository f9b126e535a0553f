import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isInternalFailure, toGatewayError } from '../errors/failure-table.js';
import { GatewayError, newErrorId } from '../errors/gateway-error.js';
import { RoutingError, UpstreamError } from '../errors/upstream-error.js';

/**
 * Every error leaves in the spec's envelope with an `x-error-id`, rendered by the row of the route's
 * endpoint family (spec section 7); unknown failures become 500 internal_error.
 */
export function installErrorHandling(app: FastifyInstance, knownRoutes: Map<string, Set<string>>): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const gatewayError = error instanceof GatewayError || error instanceof UpstreamError || error instanceof RoutingError ? toGatewayError(error, request.routeOptions.config?.family) : fromFastifyError(error, request.headers['content-type']);
    if (gatewayError.code === 'internal_error' && isInternalFailure(error)) request.log.error({ err: error, requestId: request.requestId }, 'internal error');
    return sendError(reply, gatewayError, request);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = knownRoutes.get(path);
    if (allowed && !allowed.has(request.method)) {
      reply.header('allow', [...allowed].join(', '));
      return sendError(reply, new GatewayError('method_not_allowed', `Method ${request.method} is not allowed on ${path}; allowed: ${[...allowed].join(', ')}`), request);
    }
    return sendError(reply, new GatewayError('resource_not_found', `Unknown route: ${request.method} ${path}`), request);
  });
}

export function sendError(reply: FastifyReply, error: GatewayError, request?: FastifyRequest): FastifyReply {
  reply.code(error.status).header('x-error-id', newErrorId()).header('content-type', 'application/json; charset=utf-8');
  if (request?.requestId) reply.header('x-svc-request-id', request.requestId);
  if (request?.logFields) request.logFields.errorCode = error.code;
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  if (error.headers) reply.headers(error.headers);
  // A route of another API's dialect answers in that API's error shape, which its SDKs read.
  const dialect = request?.routeOptions.config?.dialect;
  return reply.send(dialect ? dialect.errorBody(error) : error.toEnvelope());
}

/** The router's refusals, worded as the spec's errors (they arrive before any route runs). */
export function frameworkError(error: FastifyError): GatewayError {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return new GatewayError('invalid_request', 'A path segment is longer than 100 characters: no id is that long', { status: 414 });
  if (error.code === 'FST_ERR_BAD_URL') return new GatewayError('validation_error', 'The request path is not valid: a percent-encoded sequence does not decode');
  return fromFastifyError(error);
}

/** Fastify's own failures (body parsing, limits) mapped onto the error table; anything unknown is a 500. */
function fromFastifyError(error: FastifyError, contentType?: string): GatewayError {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new GatewayError('payload_too_large', `Request body is too large: ${error.message}`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new GatewayError('unsupported_media_type', `Unsupported content type ${JSON.stringify((contentType ?? 'none').slice(0, 100))}: send application/json (multipart/form-data to the audio and voice upload endpoints)`);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new GatewayError('validation_error', 'Request body is empty; a JSON object is required');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new GatewayError('validation_error', `Request body is not valid JSON: ${error.message}`);
  }
  if (error instanceof SyntaxError || (error as { statusCode?: number }).statusCode === 400) {
    return new GatewayError('validation_error', `Request body is not valid JSON: ${error.message}`);
  }
  const status = (error as { statusCode?: number }).statusCode;
  if (status !== undefined && status >= 400 && status < 500) return new GatewayError('invalid_request', error.message, { status });
  return toGatewayError(error, undefined);
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers too large, malformed request
 * lines, header time-outs) are answered on the raw socket, still in the spec's envelope.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const gatewayError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new GatewayError('request_header_fields_too_large', 'Request headers are too large (the limit is 16 KiB in total)')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new GatewayError('invalid_request', 'The request was not received in time', { status: 408 })
        : new GatewayError('invalid_request', `Malformed HTTP request (${error.code ?? 'parse error'})`);
  const body = JSON.stringify(gatewayError.toEnvelope());
  if (socket.writable) {
    const reason = gatewayError.status === 431 ? 'Request Header Fields Too Large' : gatewayError.status === 408 ? 'Request Timeout' : 'Bad Request';
    socket.write(
      `HTTP/1.1 ${gatewayError.status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `x-error-id: ${newErrorId()}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
