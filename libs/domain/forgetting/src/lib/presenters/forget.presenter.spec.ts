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
