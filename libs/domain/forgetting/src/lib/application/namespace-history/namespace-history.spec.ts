import { namespaceHistory } from './namespace-history';

describe('namespaceHistory', () => {
  it('counts additions by creation day and forgetting by deletion day, with the running total', () => {
    const history = namespaceHistory(
      [
        { day: '2026-11-01', count: 3 },
        { day: '2026-11-03', count: 1 },
      ],
      [
        // Created on the 1st, forgotten on the 3rd: added on the 1st (it was held then) and gone on the 3rd.
        { createdAt: '2026-11-01T10:00:00.000Z', deletedAt: '2026-11-03T08:00:00.000Z' },
        // Created and forgotten on a day nothing else happened.
        { createdAt: '2026-11-05T23:59:59.000+09:00', deletedAt: '2026-11-05T20:00:00.000Z' },
      ],
    );
    expect(history).toEqual([
      { day: '2026-11-01', added: 4, forgotten: 0, total: 4 },
      { day: '2026-11-03', added: 1, forgotten: 1, total: 4 },
      // The offset is read: 23:59 in Tokyo on the 5th is 14:59 UTC on the 5th.
      { day: '2026-11-05', added: 1, forgotten: 1, total: 4 },
    ]);
  });

  it('is empty for an empty namespace and an empty trash', () => {
    expect(namespaceHistory([], [])).toEqual([]);
  });

  it('ends at the number held: what was added minus what was forgotten', () => {
    const history = namespaceHistory(
      [{ day: '2026-10-30', count: 2 }],
      [{ createdAt: '2026-10-29T00:00:00Z', deletedAt: '2026-11-02T00:00:00Z' }],
    );
    expect(history.map((d) => d.total)).toEqual([1, 3, 2]);
    expect(history.at(-1)!.total).toBe(2);
  });
});
