import { buildReport } from './job-report';

const header = {
  job: 'consolidate' as const,
  namespace: 'alpha',
  startedAt: new Date('2026-01-02T03:04:05.006Z'),
  durationMs: 12.6,
  status: 'ok' as const,
};

describe('buildReport', () => {
  it('copies counts, ids, per-id entries and details', () => {
    expect(
      buildReport(header, {
        counts: { replayed: 2 },
        ids: { fading: ['mem_0123456789ab'] },
        entries: {
          mergeCandidates: [{ id: 'mem_aaaaaaaaaaaa', otherId: 'mem_bbbbbbbbbbbb', similarity: 0.97 }],
        },
        details: { windowHours: 24, mode: 'report', resumed: false },
      }),
    ).toEqual({
      job: 'consolidate',
      namespace: 'alpha',
      startedAt: '2026-01-02T03:04:05.006Z',
      durationMs: 13,
      status: 'ok',
      pid: process.pid,
      counts: { replayed: 2 },
      ids: { fading: ['mem_0123456789ab'] },
      entries: {
        mergeCandidates: [{ id: 'mem_aaaaaaaaaaaa', otherId: 'mem_bbbbbbbbbbbb', similarity: 0.97 }],
      },
      details: { windowHours: 24, mode: 'report', resumed: false },
    });
  });

  it('lets no text through where ids, numbers or settings belong', () => {
    const report = buildReport(header, {
      counts: { broken: Number.NaN },
      ids: { fading: ['My secret diary entry'] },
      entries: { samples: [{ id: 'mem_aaaaaaaaaaaa', note: 'a sentence about me', risk: Infinity }] },
      details: { mode: 'I told you a secret' },
    });
    expect(JSON.stringify(report)).not.toMatch(/secret|sentence/);
    expect(report.counts).toEqual({ broken: 0 });
    expect(report.ids).toEqual({ fading: ['[not-an-id]'] });
    expect(report.entries).toEqual({ samples: [{ id: 'mem_aaaaaaaaaaaa', note: '[not-an-id]', risk: 0 }] });
  });
});
