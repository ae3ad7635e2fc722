import { parseBenchArgs } from './bench-options';
import { BenchUsageError } from './command-args';

describe('parseBenchArgs', () => {
  it('defaults to 1k and 10k on the embedded default store', () => {
    expect(parseBenchArgs([])).toMatchObject({
      sizes: [1000, 10000],
      queries: 50,
      stores: ['sqlite'],
      keep: false,
      help: false,
    });
  });

  it('reads sizes with k suffixes and separators, sorted and without repeats', () => {
    expect(parseBenchArgs(['--sizes', '10k,1_000,1000']).sizes).toEqual([1000, 10000]);
    expect(parseBenchArgs(['--sizes=2000']).sizes).toEqual([2000]);
  });

  it('adds 100k with --large', () => {
    expect(parseBenchArgs(['--large']).sizes).toEqual([1000, 10000, 100000]);
    expect(parseBenchArgs(['--sizes', '1000', '--large']).sizes).toEqual([1000, 100000]);
  });

  it('reads the other options', () => {
    expect(
      parseBenchArgs([
        '--queries',
        '20',
        '--store',
        'memory',
        '--json',
        'out.json',
        '--keep',
        '--pool',
        '500',
        '--bulk',
        '128',
        '--batch',
        '32',
        '--seed',
        '0',
        '--real-seed-budget',
        '0',
      ]),
    ).toMatchObject({
      queries: 20,
      stores: ['memory'],
      jsonFile: 'out.json',
      keep: true,
      pool: 500,
      bulk: 128,
      batchSize: 32,
      seed: 0,
      realSeedBudgetSeconds: 0,
    });
  });

  it('measures several stores one after the other, each once, in the order given', () => {
    expect(parseBenchArgs(['--store', 'sqlite,chroma-embedded,sqlite']).stores).toEqual([
      'sqlite',
      'chroma-embedded',
    ]);
    expect(() => parseBenchArgs(['--store', 'sqlite,qdrant'])).toThrow('--store must be');
  });

  it('rejects unknown options, missing values and bad numbers', () => {
    expect(() => parseBenchArgs(['--fast'])).toThrow(BenchUsageError);
    expect(() => parseBenchArgs(['--queries'])).toThrow('--queries needs a value');
    expect(() => parseBenchArgs(['--queries', '--keep'])).toThrow('--queries needs a value');
    expect(() => parseBenchArgs(['--sizes', '1000,abc'])).toThrow('--sizes');
    expect(() => parseBenchArgs(['--queries', '0'])).toThrow('--queries');
    expect(() => parseBenchArgs(['--store', 'qdrant'])).toThrow('--store');
    expect(() => parseBenchArgs(['--batch', '128'])).toThrow('--batch');
  });

  it('measures the configured engine, or each engine of --embeddings in turn', () => {
    expect(parseBenchArgs([]).engines).toBeUndefined();
    expect(parseBenchArgs(['--embeddings', 'local,onnx']).engines).toEqual(['local', 'onnx']);
    expect(() => parseBenchArgs(['--embeddings', 'local,local'])).toThrow('--embeddings');
    expect(() => parseBenchArgs(['--embeddings', 'onnxruntime'])).toThrow('--embeddings');
  });

  it('recognises --help', () => {
    expect(parseBenchArgs(['--help']).help).toBe(true);
  });
});
