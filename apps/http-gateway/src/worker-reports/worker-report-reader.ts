/**
 * Reads the worker's recent job reports for one namespace from `<dataDir>/worker-reports/*.jsonl`
 * (written by the worker's ReportWriter, one JSON line per run; they hold counts and ids, never
 * memory text). Only the tail of each file is read, so a long-running worker's history costs a
 * bounded read. A line that does not parse (a foreign or truncated line) is skipped.
 */
import { closeSync, existsSync, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { WORKER_REPORT_STATUSES, type WorkerReportsOutput } from '@kioku/rest-routes';

type WorkerReportView = WorkerReportsOutput['reports'][number];

/** Enough for hundreds of runs per job; older reports stay in the file, unread here. */
const TAIL_BYTES = 256 * 1024;

const reportLineSchema = z.object({
  job: z.string(),
  namespace: z.string(),
  startedAt: z.string(),
  durationMs: z.number(),
  status: z.enum(WORKER_REPORT_STATUSES),
  counts: z.record(z.string(), z.number()).catch({}),
  details: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
    .optional()
    .catch(undefined),
  skipReason: z.string().optional().catch(undefined),
  error: z.object({ code: z.string(), message: z.string() }).optional().catch(undefined),
});

export class WorkerReportReader {
  constructor(private readonly reportsDir: string) {}

  /** The namespace's newest `limit` reports over every job, newest first. */
  recent(namespace: string, limit: number): WorkerReportView[] {
    if (!existsSync(this.reportsDir)) return [];
    const reports: WorkerReportView[] = [];
    for (const file of readdirSync(this.reportsDir).filter((name) => name.endsWith('.jsonl'))) {
      for (const line of tailLines(join(this.reportsDir, file))) {
        const parsed = reportLineSchema.safeParse(safeJson(line));
        if (!parsed.success || parsed.data.namespace !== namespace) continue;
        const { namespace: _namespace, details, skipReason, error, ...rest } = parsed.data;
        reports.push({
          ...rest,
          details: Object.fromEntries(Object.entries(details ?? {}).map(([k, v]) => [k, String(v)])),
          ...(skipReason === undefined ? {} : { skipReason }),
          ...(error === undefined ? {} : { error: { code: error.code, message: error.message } }),
        });
      }
    }
    reports.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
    return reports.slice(0, limit);
  }
}

function tailLines(file: string): string[] {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - TAIL_BYTES);
    const buffer = Buffer.alloc(size - start);
    readSync(fd, buffer, 0, buffer.length, start);
    const lines = buffer.toString('utf8').split('\n');
    // A read that starts mid-file starts mid-line: drop that partial first line.
    return (start > 0 ? lines.slice(1) : lines).filter((line) => line.trim() !== '');
  } finally {
    closeSync(fd);
  }
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
