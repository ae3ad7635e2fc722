import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WorkerReportReader } from './worker-report-reader';

/** A line as the worker's ReportWriter writes it (apps/worker/src/reports). */
function reportLine(
  job: string,
  namespace: string,
  minute: number,
  extra: Record<string, unknown> = {},
): string {
  return (
    JSON.stringify({
      job,
      namespace,
      startedAt: new Date(Date.UTC(2026, 10, 20, 3, minute)).toISOString(),
      durationMs: 40 + minute,
      status: 'ok',
      pid: 123,
      counts: { replayed: minute },
      ...extra,
    }) + '\n'
  );
}

describe('WorkerReportReader', () => {
  let root: string;
  let dir: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kioku-reports-'));
    dir = join(root, 'worker-reports');
    mkdirSync(dir);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("returns the namespace's newest reports over every job, newest first, at most `limit`", () => {
    writeFileSync(
      join(dir, 'consolidate.jsonl'),
      reportLine('consolidate', 'alice', 1) + reportLine('consolidate', 'bob', 2),
    );
    writeFileSync(
      join(dir, 'integrity.jsonl'),
      reportLine('integrity', 'alice', 3, { details: { merged: 2, dry: false } }) +
        reportLine('integrity', 'alice', 4, { status: 'skipped', skipReason: 'locked' }) +
        reportLine('integrity', 'alice', 5, {
          status: 'failed',
          error: { code: 'STORE_UNAVAILABLE', message: 'down' },
        }),
    );
    writeFileSync(join(dir, 'notes.txt'), 'not a report file');
    const reader = new WorkerReportReader(dir);

    const reports = reader.recent('alice', 3);
    expect(reports.map((r) => [r.job, r.status, r.startedAt.slice(11, 16)])).toEqual([
      ['integrity', 'failed', '03:05'],
      ['integrity', 'skipped', '03:04'],
      ['integrity', 'ok', '03:03'],
    ]);
    expect(reports[0].error).toEqual({ code: 'STORE_UNAVAILABLE', message: 'down' });
    expect(reports[1].skipReason).toBe('locked');
    expect(reports[2]).toMatchObject({
      durationMs: 43,
      counts: { replayed: 3 },
      details: { merged: '2', dry: 'false' },
    });
    expect(reports[2]).not.toHaveProperty('namespace');
    expect(reader.recent('alice', 10)).toHaveLength(4);
    expect(reader.recent('bob', 10).map((r) => r.job)).toEqual(['consolidate']);
    expect(reader.recent('carol', 10)).toEqual([]);
  });

  it('skips lines that do not parse (truncated, foreign) and reads nothing when there is no folder', () => {
    writeFileSync(
      join(dir, 'consolidate.jsonl'),
      '{"job":"consolidate","namespace":"alice","startedAt":"2026-11-2\n' +
        '{"job":"x","namespace":"alice"}\n' +
        'plain text\n' +
        reportLine('consolidate', 'alice', 7),
    );
    expect(new WorkerReportReader(dir).recent('alice', 10).map((r) => r.durationMs)).toEqual([47]);
    expect(new WorkerReportReader(join(dir, 'missing')).recent('alice', 10)).toEqual([]);
  });

  it('reads only the tail of a long history (bounded), starting at a whole line', () => {
    const file = join(dir, 'consolidate.jsonl');
    writeFileSync(file, '');
    // About 600 KB: older than the tail that is read.
    const old = reportLine('consolidate', 'alice', 0, { details: { padding: 'x'.repeat(2_000) } });
    for (let i = 0; i < 300; i++) appendFileSync(file, old);
    appendFileSync(file, reportLine('consolidate', 'alice', 59));
    const reports = new WorkerReportReader(dir).recent('alice', 1_000);
    expect(reports[0].startedAt).toBe('2026-11-20T03:59:00.000Z');
    expect(reports.length).toBeGreaterThan(50);
    expect(reports.length).toBeLessThan(300);
  });
});
