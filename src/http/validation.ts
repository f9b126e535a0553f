import { GatewayError, rangeError } from '../errors/gateway-error.js';

/**
 * Small checks for request bodies. Each throws a 400 validation_error naming the parameter, the
 * value and what is allowed, in the spec's wording ("temperature must be between 0 and 2").
 */

export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function typeError(param: string, expected: string, value: unknown): GatewayError {
  return new GatewayError('validation_error', `${param} must be ${expected} (got ${describeType(value)})`, { param });
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function requireObject(value: unknown, param: string): Record<string, unknown> {
  if (!isPlainObject(value)) throw typeError(param, 'an object', value);
  return value;
}

export function optionalObject(value: unknown, param: string): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  return requireObject(value, param);
}

export function requireString(value: unknown, param: string): string {
  if (value === undefined || value === null) throw new GatewayError('validation_error', `${param} is required`, { param });
  if (typeof value !== 'string') throw typeError(param, 'a string', value);
  return value;
}

export function optionalString(value: unknown, param: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw typeError(param, 'a string', value);
  return value;
}

export function optionalBoolean(value: unknown, param: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw typeError(param, 'a boolean', value);
  return value;
}

export function optionalNumber(value: unknown, param: string, range?: { min: number; max: number }): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw typeError(param, 'a number', value);
  if (range && (value < range.min || value > range.max)) throw rangeError(param, value, range.min, range.max);
  return value;
}

export function optionalInteger(value: unknown, param: string, range?: { min: number; max: number }): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw typeError(param, 'an integer', value);
  if (range && (value < range.min || value > range.max)) throw rangeError(param, value, range.min, range.max);
  return value;
}

export function optionalEnum<T extends string>(value: unknown, param: string, allowed: readonly T[]): T | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !allowed.includes(value as T)) {
    throw new GatewayError('validation_error', `${param} must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`, { param });
  }
  return value as T;
}

export function optionalStringOrStringArray(value: unknown, param: string): string | string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  throw typeError(param, 'a string or an array of strings', value);
}

export function optionalStringRecord(value: unknown, param: string): Record<string, string> | undefined {
  const object = optionalObject(value, param);
  if (!object) return undefined;
  for (const [key, entry] of Object.entries(object)) {
    if (typeof entry !== 'string') throw typeError(`${param}.${key}`, 'a string', entry);
  }
  return object as Record<string, string>;
}

/** An ISO 8601 date or date-time, normalised to UTC. */
export function optionalDate(value: unknown, param: string): string | undefined {
  const text = optionalString(value, param);
  if (text === undefined) return undefined;
  const time = Date.parse(text);
  if (Number.isNaN(time)) throw new GatewayError('validation_error', `${param} must be an ISO 8601 date or date-time (got ${JSON.stringify(text)})`, { param });
  return new Date(time).toISOString();
}
