/**
 * Structured logging (pino). Credentials never reach a log line: the
 * authorization header, tokens and secrets are redacted wherever they appear.
 */
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

/** Paths pino censors in every log object. */
const REDACT = [
  'authorization',
  'token',
  'secret',
  '*.authorization',
  '*.token',
  '*.secret',
  'req.headers.authorization',
  'headers.authorization',
  'connectionParams.authorization',
];

/** A logger at `level` (LOG_LEVEL, default `info`) writing JSON lines to `destination` (stdout). */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  const options = { level, base: { service: 'passerelle' }, redact: { paths: REDACT, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
