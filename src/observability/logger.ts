import type { LoggerOptions } from 'pino';

/** pino options: secrets are redacted, bodies are never logged. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: undefined,
    redact: { paths: ['req.headers.authorization', 'headers.authorization', 'apiKey', 'api_key', '*.apiKey', '*.api_key', 'key'], censor: '[redacted]' },
  };
}
