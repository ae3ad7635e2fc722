/** The sweep's execution text speaks of the trash only when something went into it. */
import { forgetText } from './forget.presenter';

describe('forgetText for an executed sweep', () => {
  const now = new Date('2026-11-24T00:00:00Z');

  it('says nothing about the trash when nothing was dropped', () => {
    const text = forgetText(
      { mode: 'sweep_executed', drop: { dropped: [], kept: ['mem_aaaaaaaaaaaa'] }, restorableUntil: null },
      now,
    );
    expect(text).toBe(
      'Auto-forget executed: dropped 0 memories, kept 1 no longer due (accessed, pinned, protected or gone).',
    );
  });

  it('says until when the dropped memories can be restored, or that the trash is off', () => {
    const kept = forgetText(
      {
        mode: 'sweep_executed',
        drop: { dropped: ['mem_aaaaaaaaaaaa'], kept: [] },
        restorableUntil: '2026-12-24T00:00:00Z',
      },
      now,
    );
    expect(kept).toContain('It can be restored with restore until 2026-12-24');
    const final = forgetText(
      { mode: 'sweep_executed', drop: { dropped: ['mem_aaaaaaaaaaaa'], kept: [] }, restorableUntil: null },
      now,
    );
    expect(final).toContain('The trash is off (retention 0 days)');
  });
});

describe('forgetText for a sweep dry run', () => {
  it('counts what it scanned, what it would drop and what is fading, with a line per sample', () => {
    const text = forgetText(
      {
        mode: 'sweep_report',
        scan: {
          scanned: 10_000,
          toDrop: 1,
          toCompress: 0,
          protected: 0,
          dropIds: ['mem_aaaaaaaaaaaa'],
          samplesToDrop: [{ id: 'mem_aaaaaaaaaaaa', risk: 7.26, heat: 0.5, days: 120.6 }],
          samplesToCompress: [],
          samplesProtected: [],
        },
        confirmWithin: '5 minutes',
      },
      new Date('2026-11-24T00:00:00Z'),
    );
    expect(text).toBe(
      'Auto-forget dry run (nothing deleted): scanned 10000, 1 to drop, 0 fading (never changed automatically), 0 protected (pinned or a protected category: never dropped).\n' +
        'Would drop (sample):\n- mem_aaaaaaaaaaaa: risk 7.3, heat 0.5, 120 days since last access\n' +
        'To drop exactly these 1, call forget with sweep: true, dry_run: false within 5 minutes.',
    );
  });
});
