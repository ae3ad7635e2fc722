/**
 * Writes log records as JSON lines to stderr or to a file (appending). Never stdout: in stdio mode
 * stdout belongs to the MCP protocol.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LogRecord, LogSink } from './logger';

export class JsonLinesLogSink implements LogSink {
  constructor(private readonly file?: string) {
    if (file) mkdirSync(dirname(file), { recursive: true });
  }

  write(record: LogRecord & { time: string }): void {
    const line = JSON.stringify({
      time: record.time,
      level: record.level,
      event: record.event,
      ...record.fields,
    });
    if (this.file) appendFileSync(this.file, line + '\n');
    else process.stderr.write(line + '\n');
  }
}
