/**
 * The logging port. A record is an event name plus structured fields; every record passes through the
 * redaction library before it is written (see `@kioku/redaction`), so callers log facts, not prose.
 */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogFields = Record<string, unknown>;

export interface LogRecord {
  level: Exclude<LogLevel, 'silent'>;
  event: string;
  fields: LogFields;
}

export interface Logger {
  debug(event: string, fields?: LogFields): void;
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

/** Where finished (already redacted) records go. */
export interface LogSink {
  write(record: LogRecord & { time: string }): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function isLevelEnabled(threshold: LogLevel, level: LogLevel): boolean {
  return RANK[level] >= RANK[threshold];
}
