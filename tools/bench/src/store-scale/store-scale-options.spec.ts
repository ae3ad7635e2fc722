import { BenchUsageError } from '../lib/command-args';
import { parseStoreScaleArgs } from './store-scale-options';

describe('parseStoreScaleArgs', () => {
  it('defaults to 1k, 10k, 100k and 1M with 50 queries of 768-d vectors', () => {
    expect(parseStoreScaleArgs([])).toEqual({
      sizes: [1_000, 10_000, 100_000, 1_000_000],
      queries: 50,
      dimension: 768,
      jsonFile: undefined,
      help: false,
    });
  });

  it('reads sizes with k suffixes, sorted without repeats, and the other options', () => {
    expect(
      parseStoreScaleArgs([
        '--sizes',
        '10k,1000,1_000',
        '--queries',
        '5',
        '--dimension',
        '8',
        '--json',
        'o.json',
      ]),
    ).toEqual({
      sizes: [1_000, 10_000],
      queries: 5,
      dimension: 8,
      jsonFile: 'o.json',
      help: false,
    });
  });

  it('refuses what is not a whole number', () => {
    expect(() => parseStoreScaleArgs(['--sizes', '1000,lots'])).toThrow(BenchUsageError);
    expect(() => parseStoreScaleArgs(['--queries', '0'])).toThrow('--queries');
  });
});
