/**
 * The Logger every app uses: level filtering, then `redact` on every record's fields, then the sink.
 * There is no other path to a log.
 */
import {
  isLevelEnabled,
  type Clock,
  type LogFields,
  type Logger,
  type LogLevel,
  type LogRecord,
  type LogSink,
} from '@kioku/kernel';
import { redact } from './redact';

export class RedactingLogger implements Logger {
  constructor(
    private readonly sink: LogSink,
    private readonly level: LogLevel,
    private readonly clock: Clock,
    private readonly baseFields: LogFields = {},
  ) {}

  debug(event: string, fields?: LogFields): void {
    this.write('debug', event, fields);
  }

  info(event: string, fields?: LogFields): void {
    this.write('info', event, fields);
  }

  warn(event: string, fields?: LogFields): void {
    this.write('warn', event, fields);
  }

  error(event: string, fields?: LogFields): void {
    this.write('error', event, fields);
  }

  /** A logger that adds the given fields to every record (e.g. the app name). */
  child(fields: LogFields): RedactingLogger {
    return new RedactingLogger(this.sink, this.level, this.clock, { ...this.baseFields, ...fields });
  }

  private write(level: LogRecord['level'], event: string, fields: LogFields = {}): void {
    if (!isLevelEnabled(this.level, level)) return;
    try {
      const safe = redact({ ...this.baseFields, ...fields }) as LogFields;
      this.sink.write({ time: this.clock.now().toISOString(), level, event, fields: safe });
    } catch {
      // Logging must never break the operation it describes.
    }
  }
}
