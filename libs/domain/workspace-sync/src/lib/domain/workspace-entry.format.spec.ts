import { memory } from '../testing/workspace-sync-test-kit';
import {
  curatedLine,
  dailyLogLine,
  innerMonologueHolds,
  innerMonologueText,
  isCurated,
  oneLine,
  parseInnerMonologue,
  replacesInnerMonologue,
  utcTimestamp,
  workspaceEntries,
} from './workspace-entry.format';

const stamp = utcTimestamp('2026-11-21T09:05:00.000Z')!;

describe('workspace entry format', () => {
  it.each([
    ['2026-11-21T09:05:00.000Z', '2026-11-21', '09:05', '2026-11-21T09:05:00.000Z'],
    ['2026-11-21T23:30:00-02:00', '2026-11-22', '01:30', '2026-11-22T01:30:00.000Z'],
    ['2026-11-22T08:59:59+09:00', '2026-11-21', '23:59', '2026-11-21T23:59:59.000Z'],
    ['2026-11-21T00:00:00.000Z', '2026-11-21', '00:00', '2026-11-21T00:00:00.000Z'],
  ])('%s is %s %s in UTC', (instant, date, time, iso) => {
    expect(utcTimestamp(instant)).toEqual({ date, time, iso });
  });

  it.each(['', 'yesterday', '2026-13-45T99:00:00Z', '+275760-09-14T00:00:00.000Z'])(
    '%j is not a usable timestamp',
    (instant) => {
      expect(utcTimestamp(instant)).toBeNull();
    },
  );

  it.each([
    ['one\ntwo', 'one two'],
    ['  a \r\n\t b  ', 'a b'],
    ['line\u2028sep\u0085next', 'line sep next'],
    ['日本語\u3000の記憶', '日本語 の記憶'],
  ])('flattens %j to one line', (content, expected) => {
    expect(oneLine(content)).toBe(expected);
  });

  it.each([
    [
      'a plain memory',
      memory({
        id: 'mem_aaaaaaaaaaaa',
        content: 'Walked to the\n  river.',
        emotion: { primary: 'happy', intensity: 0.6 },
      }),
      '- 09:05 [daily] Walked to the river. (emotion: happy, intensity: 0.60) [id:mem_aaaaaaaaaaaa]',
    ],
    [
      'intensity rounded to two decimals',
      memory({ category: 'feeling', emotion: { primary: 'sad', intensity: 0.7 } }),
      '- 09:05 [feeling] A quiet morning. (emotion: sad, intensity: 0.70) [id:mem_000000000001]',
    ],
    [
      'full intensity',
      memory({ emotion: { primary: 'excited', intensity: 1 } }),
      '- 09:05 [daily] A quiet morning. (emotion: excited, intensity: 1.00) [id:mem_000000000001]',
    ],
  ])('daily line: %s', (_, input, expected) => {
    expect(dailyLogLine(input, stamp)).toBe(expected);
  });

  it.each([
    [
      'short content kept whole',
      memory({ category: 'lesson', content: 'Ask\nbefore acting.', emotion: { primary: 'calm' } }),
      '- [2026-11-21] (lesson) Ask before acting. (emotion: calm) [id:mem_000000000001]',
    ],
    [
      'exactly 180 characters kept whole',
      memory({ content: 'x'.repeat(180) }),
      `- [2026-11-21] (daily) ${'x'.repeat(180)} (emotion: neutral) [id:mem_000000000001]`,
    ],
    [
      'longer content cut to 180 with an ellipsis',
      memory({ content: 'y'.repeat(181) }),
      `- [2026-11-21] (daily) ${'y'.repeat(177)}... (emotion: neutral) [id:mem_000000000001]`,
    ],
  ])('curated line: %s', (_, input, expected) => {
    expect(curatedLine(input, stamp)).toBe(expected);
  });

  it.each([
    [3, 'daily', false],
    [4, 'daily', true],
    [5, 'technical', true],
    [1, 'introspection', true],
    [1, 'relationship', true],
    [2, 'self_discovery', true],
    [3, 'lesson', true],
    [3, 'dream', false],
  ] as const)('importance %d, category %s: curated %s', (importance, category, expected) => {
    expect(isCurated({ importance, category })).toBe(expected);
  });

  it('plans the daily line only for an ordinary memory', () => {
    expect(workspaceEntries(memory())).toEqual({
      ok: true,
      entries: {
        daily: {
          file: 'memory/2026-11-21.md',
          header: '# Memory Log 2026-11-21\n\n',
          line: '- 09:05 [daily] A quiet morning. (emotion: neutral, intensity: 0.30) [id:mem_000000000001]',
        },
      },
    });
  });

  it('plans all three files for an introspection, in UTC', () => {
    const outcome = workspaceEntries(
      memory({
        category: 'introspection',
        createdAt: '2026-11-22T07:00:00+09:00',
        content: 'I notice\nI hurry.',
        emotion: { primary: 'contemplative', intensity: 0.5 },
      }),
    );
    expect(outcome).toEqual({
      ok: true,
      entries: {
        daily: {
          file: 'memory/2026-11-21.md',
          header: '# Memory Log 2026-11-21\n\n',
          line: '- 22:00 [introspection] I notice I hurry. (emotion: contemplative, intensity: 0.50) [id:mem_000000000001]',
        },
        curated: {
          file: 'MEMORY.md',
          header: '# Curated Memory\n\n',
          line: '- [2026-11-21] (introspection) I notice I hurry. (emotion: contemplative) [id:mem_000000000001]',
        },
        innerMonologue: {
          file: 'memory/inner-monologue-latest.md',
          text: '# Latest Inner Monologue\n\nUpdated: 2026-11-21T22:00:00.000Z\n\nI notice\nI hurry.\n',
          updated: '2026-11-21T22:00:00.000Z',
        },
      },
    });
  });

  it.each([
    ['an id that would break the marker', memory({ id: 'mem_1] [id:mem_2' }), 'invalid_id'],
    ['an id with a newline', memory({ id: 'mem_1\nx' }), 'invalid_id'],
    ['an empty id', memory({ id: '' }), 'invalid_id'],
    ['a bad timestamp', memory({ createdAt: 'soon' }), 'invalid_timestamp'],
  ])('refuses %s', (_, input, reason) => {
    expect(workspaceEntries(input)).toEqual({ ok: false, reason });
  });

  describe('inner monologue', () => {
    const file = innerMonologueText('First line.\n\nSecond line.', '2026-11-21T10:00:00.000Z');

    it('renders and parses back', () => {
      expect(file).toBe(
        '# Latest Inner Monologue\n\nUpdated: 2026-11-21T10:00:00.000Z\n\nFirst line.\n\nSecond line.\n',
      );
      expect(parseInnerMonologue(file)).toEqual({
        updated: '2026-11-21T10:00:00.000Z',
        content: 'First line.\n\nSecond line.',
      });
      expect(parseInnerMonologue(file.replace(/\n/g, '\r\n'))?.content).toBe('First line.\n\nSecond line.');
      expect(parseInnerMonologue('# Notes\n\nsomething')).toBeNull();
    });

    it.each([
      ['the same content', 'First line.\n\nSecond line.', true],
      ['the same content, padded', '  First line.\n\nSecond line.\n', true],
      ['a part of it', 'First line.', false],
      ['other content', 'Another thought.', false],
      ['empty content', '   ', false],
    ])('holds %s: %s', (_, content, expected) => {
      expect(innerMonologueHolds(file, content)).toBe(expected);
    });

    it('falls back to a substring match for a file it cannot parse', () => {
      expect(innerMonologueHolds('edited by hand: First line.', 'First line.')).toBe(true);
      expect(innerMonologueHolds('edited by hand', 'First line.')).toBe(false);
    });

    it.each([
      ['no file yet', null, '2026-11-20T00:00:00.000Z', 'New.', true],
      ['a newer introspection', file, '2026-11-21T11:00:00.000Z', 'New.', true],
      ['the same instant', file, '2026-11-21T10:00:00.000Z', 'New.', true],
      ['an older introspection', file, '2026-11-21T09:00:00.000Z', 'Old.', false],
      [
        'the memory already shown (an edit)',
        file,
        '2026-11-21T09:00:00.000Z',
        'First line.\n\nSecond line.',
        true,
      ],
      ['an unreadable file', 'garbage', '2026-01-01T00:00:00.000Z', 'Old.', true],
    ])('replaces the file for %s: %s', (_, current, updated, content, expected) => {
      expect(replacesInnerMonologue(current, updated, content)).toBe(expected);
    });
  });
});
