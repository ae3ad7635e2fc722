import { parseMcpRecallArgs } from './mcp-recall-options';
import { formatMcpRecallReport, mcpRecallRows, type SizeSamples } from './mcp-recall-report';

const samples = (ms: number) => ({ topic: [ms, ms], 'rare number': [ms, ms], 'no match': [ms, ms] });

function size(n: number, mcpMs: number, useCaseMs: number): SizeSamples {
  return {
    size: n,
    saved: n,
    seedSeconds: 10,
    mcp: samples(mcpMs),
    useCase: samples(useCaseMs),
    profile: [{ operation: 'store.query[memories]', calls: 6, totalMs: 60 }],
  };
}

describe('the mcp-recall report', () => {
  it('passes MCP within 1.25× of the use case, and under 60 ms at 10k', () => {
    expect(mcpRecallRows(size(1_000, 70, 60)).every((r) => r.pass)).toBe(true);
    expect(mcpRecallRows(size(10_000, 55, 50)).every((r) => r.pass)).toBe(true);
    expect(mcpRecallRows(size(10_000, 70, 60)).some((r) => r.pass)).toBe(false);
    expect(mcpRecallRows(size(1_000, 100, 50)).some((r) => r.pass)).toBe(false);
  });

  it('prints each size and kind with its ratio, and where the time goes', () => {
    const text = formatMcpRecallReport({
      startedAt: '',
      node: 'v20',
      loadAverage: [1, 1, 1],
      sizes: [size(10_000, 55, 50)],
    });
    expect(text).toMatch(/10000\s+rare number\s+55\.0\s+55\.0\s+50\.0\s+50\.0\s+1\.10\s+PASS/);
    expect(text).toContain('store.query[memories]');
  });

  it('parses sizes and queries, and refuses bad ones', () => {
    expect(parseMcpRecallArgs(['--sizes', '10000,1000', '--queries', '5'])).toMatchObject({
      sizes: [1000, 10000],
      queries: 5,
    });
    expect(() => parseMcpRecallArgs(['--sizes', '10'])).toThrow('--sizes needs whole numbers');
    expect(() => parseMcpRecallArgs(['--queries', '0'])).toThrow('--queries needs a whole number');
  });
});
