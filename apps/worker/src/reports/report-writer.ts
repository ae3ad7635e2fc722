/**
 * Publishes each run's report: one JSON line appended to `<dataDir>/worker-reports/<job>.jsonl`, and
 * the same record through the container's redacting logger. One `appendFileSync` per line (a single
 * write on an O_APPEND file), so lines from several worker processes never interleave. A report that
 * cannot be written is logged and never fails the run it describes.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@kioku/kernel';
import type { JobName } from '../config';
import type { JobReport } from './job-report';

export class ReportWriter {
  constructor(
    private readonly dir: string,
    private readonly logger: Logger,
  ) {}

  /** The file that holds a job's reports. */
  fileOf(job: JobName): string {
    return join(this.dir, `${job}.jsonl`);
  }

  write(report: JobReport): void {
    try {
      mkdirSync(this.dir, { recursive: true });
      appendFileSync(this.fileOf(report.job), JSON.stringify(report) + '\n');
    } catch (error) {
      this.logger.error('worker.report_write_failed', {
        job: report.job,
        namespace: report.namespace,
        error,
      });
    }
    const level = report.status === 'failed' ? 'error' : report.status === 'interrupted' ? 'warn' : 'info';
    this.logger[level]('worker.job_report', { ...report });
  }
}
