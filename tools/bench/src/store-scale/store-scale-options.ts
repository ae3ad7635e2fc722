/** Options of `kioku bench store`: pure parsing into the sizes and the number of queries per size. */
import { BenchUsageError, readCommandArgs } from '../lib/command-args';

export interface StoreScaleOptions {
  sizes: number[];
  queries: number;
  dimension: number;
  jsonFile?: string;
  help: boolean;
}

export const STORE_SCALE_USAGE = `Usage: kioku bench store [options]

The in-process store alone, at growing sizes: one collection filled with vectors near real ones
(clustered, the local model's 768 dimensions), then nearest-neighbour queries as recall sends them
(the 50 nearest, with and without a filter) and the memory the process holds for them.

  --sizes LIST     collection sizes (default 1000,10000,100000,1000000; "10k" works too)
  --queries N      measured queries per size and kind (default 50)
  --dimension N    vector length (default 768)
  --json FILE      also write the numbers as JSON
`;

export function parseStoreScaleArgs(argv: readonly string[]): StoreScaleOptions {
  const values = readCommandArgs(argv, {
    sizes: { type: 'string' },
    queries: { type: 'string' },
    dimension: { type: 'string' },
    json: { type: 'string' },
  });
  const sizes = (values.sizes ?? '1000,10000,100000,1000000').split(',').map((s) => whole(s, '--sizes'));
  return {
    sizes: [...new Set(sizes)].sort((a, b) => a - b),
    queries: values.queries === undefined ? 50 : whole(values.queries, '--queries'),
    dimension: values.dimension === undefined ? 768 : whole(values.dimension, '--dimension'),
    jsonFile: values.json,
    help: values.help ?? false,
  };
}

function whole(text: string, flag: string): number {
  const match = /^(\d[\d_]*)(k?)$/i.exec(text.trim());
  const value = match ? Number(match[1].replaceAll('_', '')) * (match[2] ? 1_000 : 1) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < 1)
    throw new BenchUsageError(`${flag} needs whole numbers ≥ 1, got "${text}"`);
  return value;
}
