/**
 * Writes log records as JSON lines to stderr or to a file (appending). Never stdout: in stdio mode
 * stdout belongs to the MCP protocol. A log file is created 0600 (its directory 0700): records are
 * redacted, but ids and activity are still the owner's business.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LogRecord, LogSink } from './logger';

export class JsonLinesLogSink implements LogSink {
  constructor(private readonly file?: string) {
    if (file) mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  }

  write(record: LogRecord & { time: string }): void {
    const line = JSON.stringify({
      time: record.time,
      level: record.level,
      event: record.event,
      ...record.fields,
    });
    if (this.file) appendFileSync(this.file, line + '\n', { mode: 0o600 });
    else process.stderr.write(line + '\n');
  }
}
