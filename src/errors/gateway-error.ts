import { randomUUID } from 'node:crypto';
import { AnswerError } from './answer-error.js';
import { errorCodes, type ErrorCode } from './error-codes.js';

export interface ErrorEnvelope {
  error: { message: string; type: string; code: string; param: string | null };
}

/** An error that reaches the caller: its code picks status and type from the one table. Only an internal_error keeps a stack trace (see AnswerError). */
export class GatewayError extends AnswerError {
  readonly code: ErrorCode;
  readonly status: number;
  readonly type: string;
  readonly param: string | null;
  /** Seconds for the `retry-after` header (rate-limit responses). */
  readonly retryAfterSeconds?: number;
  /** Further response headers (the x-ratelimit-* of a refusal by svc's own limits). */
  readonly headers?: Record<string, string>;

  /** `status` and `type` override the code's row where an endpoint family's row of spec section 7 differs. */
  constructor(
    code: ErrorCode,
    message: string,
    options: { param?: string | null; retryAfterSeconds?: number; cause?: unknown; status?: number; type?: string; headers?: Record<string, string> } = {},
  ) {
    super(message, { cause: options.cause }, code === 'internal_error');
    this.name = 'GatewayError';
    this.code = code;
    this.status = options.status ?? errorCodes[code].status;
    this.type = options.type ?? errorCodes[code].type;
    this.param = options.param ?? null;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.headers = options.headers;
  }

  toEnvelope(): ErrorEnvelope {
    return { error: { message: this.message, type: this.type, code: this.code, param: this.param } };
  }
}

export function newErrorId(): string {
  return `err_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
}

/** "temperature must be between 0 and 2 (got 3)". */
export function rangeError(param: string, value: unknown, min: number, max: number): GatewayError {
  return new GatewayError('validation_error', `${param} must be between ${min} and ${max} (got ${JSON.stringify(value)})`, { param });
}
