/** The side-by-side table of engines: each engine's rows, with ratios to the first engine at the same size. */
import type { BenchReport } from './bench-report';
import { formatEngineComparison } from './engine-comparison';

function report(model: string, sizes: [number, number, number, number][]): BenchReport {
  return {
    embeddingModel: model,
    sizes: sizes.map(([size, embedP50, embedPerSecond, recallP50]) => ({
      size,
      embed: { p50: embedP50 },
      bulk: { embedPerSecond },
      recall: { p50: recallP50 },
    })),
  } as unknown as BenchReport;
}

describe('formatEngineComparison', () => {
  it('puts each engine beside the first at each size', () => {
    const text = formatEngineComparison([
      report('local:use-lite', [
        [1000, 20, 100, 30],
        [10000, 22, 96, 32],
      ]),
      report('onnx:all-minilm', [
        [1000, 4, 300, 15],
        [10000, 5, 288, 16],
      ]),
    ]);
    const lines = text.split('\n');
    expect(lines[0]).toBe('Embedding engines side by side (ratios against local:use-lite):');
    expect(lines[3]).toMatch(/^local:use-lite\s+1k\s+20\.0\s+100\.0\s+1\.00×\s+30\.0\s+1\.00×$/);
    expect(lines[6]).toMatch(/^onnx:all-minilm\s+10k\s+5\.00\s+288\.0\s+3\.00×\s+16\.0\s+0\.50×$/);
  });
});
