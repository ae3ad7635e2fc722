/** The tick a firing belongs to: the cron pattern's instant, the same whichever worker fires and how late. */
import { Cron } from 'croner';
import { scheduledInstant } from './schedule';

describe('scheduledInstant', () => {
  const timer = (pattern: string, timezone?: string) =>
    new Cron(pattern, { paused: true, mode: '5-or-6-parts', timezone });

  it.each([
    ['* * * * * *', '2026-11-24T07:00:05.000Z', '2026-11-24T07:00:05.000Z'],
    ['* * * * * *', '2026-11-24T07:00:05.004Z', '2026-11-24T07:00:05.000Z'],
    ['*/3 * * * * *', '2026-11-24T07:00:07.950Z', '2026-11-24T07:00:06.000Z'],
    ['0 */6 * * *', '2026-11-24T12:00:00.250Z', '2026-11-24T12:00:00.000Z'],
  ])('%s fired at %s belongs to %s', (pattern, firedAt, tick) => {
    expect(scheduledInstant(timer(pattern), new Date(firedAt)).toISOString()).toBe(tick);
  });

  it('follows the schedule’s time zone', () => {
    const berlinMidnight = timer('0 0 * * *', 'Europe/Berlin');
    expect(scheduledInstant(berlinMidnight, new Date('2026-11-24T23:00:00.030Z')).toISOString()).toBe(
      '2026-11-24T23:00:00.000Z',
    );
  });
});
