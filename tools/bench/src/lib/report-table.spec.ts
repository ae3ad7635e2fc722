import { summarize } from './percentiles';
import {
  formatLatencyTable,
  formatMs,
  formatProfileTable,
  formatTable,
  formatTargetTable,
} from './report-table';
import { targetChecks, type SizeMeasurements } from './target-checks';

const latency = (p50: number, p95: number) => ({ ...summarize([p50]), p50, p95 });

const result: SizeMeasurements = {
  size: 10_000,
  seeding: { real: 1000, synthetic: 9000, refused: 0, seconds: 12 },
  embed: latency(21.3, 30.2),
  rawQuery: latency(3.456, 7.1),
  rawLexicalQuery: latency(1.5, 2),
  rawWrite: latency(5, 9),
  recall: latency(40, 60),
  remember: latency(45, 70),
  rememberRefused: 0,
  bulk: {
    texts: 320,
    batchSize: 64,
    saved: 320,
    importPerSecond: 40,
    sequentialPerSecond: 40,
    embedPerSecond: 50,
    batch: summarize([80]),
    profile: [],
  },
};

describe('formatTable', () => {
  it('pads columns to the widest cell and aligns numbers right', () => {
    const table = formatTable(
      ['name', 'n'],
      [
        ['a', '1'],
        ['long name', '100'],
      ],
      ['left', 'right'],
    );
    expect(table.split('\n')).toEqual([
      'name         n',
      '---------  ---',
      'a            1',
      'long name  100',
    ]);
  });
});

describe('formatMs', () => {
  it('keeps two decimals below 10 ms, one above, and a dash for no value', () => {
    expect(formatMs(3.456)).toBe('3.46');
    expect(formatMs(21.34)).toBe('21.3');
    expect(formatMs(Number.NaN)).toBe('—');
  });
});

describe('formatLatencyTable', () => {
  it('shows p50 / p95 per operation and the seeding split', () => {
    const table = formatLatencyTable([result]);
    expect(table).toContain('10k');
    expect(table).toContain('1000+9000');
    expect(table).toContain('21.3 / 30.2');
    expect(table).toContain('3.46 / 7.10');
  });
});

describe('formatTargetTable', () => {
  it('prints every check with its ratios, limit and an honest PASS or MISS', () => {
    const lines = formatTargetTable(targetChecks([result])).split('\n');
    const recall = lines.find((l) => l.startsWith('recall'));
    const remember = lines.find((l) => l.startsWith('remember'));
    const bulk = lines.find((l) => l.startsWith('bulk'));
    expect(recall).toMatch(/40\.0 ms\s+26\.3 ms\s+1\.52\s+1\.53\s+≤ 1\.25\s+MISS$/);
    expect(remember).toMatch(/≤ 1\.50\s+PASS$/);
    expect(bulk).toMatch(/40\.0 \/s\s+50\.0 \/s\s+0\.80\s+—\s+≥ 0\.80\s+PASS$/);
  });
});

describe('formatProfileTable', () => {
  it('shows each operation per use-case call and the rest of the mean', () => {
    const table = formatProfileTable(
      [
        { operation: 'embeddings.embed', calls: 10, totalMs: 200 },
        { operation: 'store.query', calls: 20, totalMs: 60 },
      ],
      10,
      30,
    );
    const lines = table.split('\n');
    expect(lines.find((l) => l.startsWith('embeddings.embed'))).toMatch(/1\.00\s+20\.0\s+67 %$/);
    expect(lines.find((l) => l.startsWith('store.query'))).toMatch(/2\.00\s+6\.00\s+20 %$/);
    expect(lines.find((l) => l.startsWith('(rest'))).toMatch(/4\.00\s+13 %$/);
  });
});
