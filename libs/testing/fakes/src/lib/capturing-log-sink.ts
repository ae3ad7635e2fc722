/** A log sink that keeps every written record, so tests can inspect exactly what reached the log. */
import type { LogRecord, LogSink } from '@kioku/kernel';

export class CapturingLogSink implements LogSink {
  readonly records: (LogRecord & { time: string })[] = [];

  write(record: LogRecord & { time: string }): void {
    this.records.push(record);
  }

  /** Everything written, serialised as it would be in a log file. */
  text(): string {
    return this.records.map((r) => JSON.stringify(r)).join('\n');
  }
}
