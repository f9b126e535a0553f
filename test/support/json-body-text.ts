import type { JsonHttpRequest } from '../../src/providers/provider-types.js';

/** The JSON text of a built upstream request, whether the adapter wrote it as text or as UTF-8 bytes. */
export const jsonBodyText = (request: JsonHttpRequest): string => (typeof request.body === 'string' ? request.body : Buffer.from(request.body).toString('utf8'));
