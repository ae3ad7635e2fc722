import {
  CURATED_FILE,
  dailyLogFile,
  INNER_MONOLOGUE_FILE,
  isDailyLogFile,
  isDailyLogName,
  isWorkspaceFile,
} from './workspace-paths';

describe('workspace paths', () => {
  it('builds a daily log path from a date and refuses anything else', () => {
    expect(dailyLogFile('2026-11-21')).toBe('memory/2026-11-21.md');
    for (const bad of ['2026-1-21', '../2026-11-21', '2026-11-21/..', '', '2026-11-21.md']) {
      expect(() => dailyLogFile(bad)).toThrow(RangeError);
    }
  });

  it.each([
    ['MEMORY.md', true],
    ['memory/inner-monologue-latest.md', true],
    ['memory/2026-11-21.md', true],
    ['memory/README.md', false],
    ['memory/2026-11-21.md.bak', false],
    ['memory/abcd-ef-gh.md', false],
    ['memory/../MEMORY.md', false],
    ['../MEMORY.md', false],
    ['/etc/MEMORY.md', false],
    ['memory/sub/2026-11-21.md', false],
    ['2026-11-21.md', false],
    ['memory.md', false],
  ])('%s is a workspace file: %s', (file, expected) => {
    expect(isWorkspaceFile(file)).toBe(expected);
  });

  it.each([
    ['2026-11-21.md', true],
    ['.2026-11-21.md.lock', false],
    ['.2026-11-21.md.1.x.tmp', false],
    ['inner-monologue-latest.md', false],
    ['2026-11-21.markdown', false],
  ])('%s is a daily log name: %s', (name, expected) => {
    expect(isDailyLogName(name)).toBe(expected);
  });

  it('keeps the fixed names', () => {
    expect(CURATED_FILE).toBe('MEMORY.md');
    expect(INNER_MONOLOGUE_FILE).toBe('memory/inner-monologue-latest.md');
    expect(isDailyLogFile(INNER_MONOLOGUE_FILE)).toBe(false);
  });
});
