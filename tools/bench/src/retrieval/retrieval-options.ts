/** Command-line options of `kioku bench retrieval`; parsing is pure and throws `BenchUsageError`. */
import { benchStore, type BenchStore } from '../lib/bench-options';
import { BenchUsageError, readCommandArgs } from '../lib/command-args';

export interface RetrievalOptions {
  dataset: string;
  store: BenchStore;
  /** Results asked of each recall (the metrics read the top 5 and 10). */
  nResults: number;
  /** Run only the product's own ranking, no ablations. */
  quick: boolean;
  jsonFile?: string;
  /** Reuse vectors between runs from this file (and add the new ones to it). */
  embeddingCache?: string;
  keep: boolean;
  help: boolean;
}

export const RETRIEVAL_USAGE = `Usage: kioku bench retrieval --dataset FILE [options]

Remembers every turn of every conversation through the real remember path (a fresh namespace per
conversation, force: true), recalls every scored question, and prints evidence recall@5, recall@10,
hit@5 and MRR per category for kioku's ranking and its ablations, recall p50/p95 and the ingest rate.

  --dataset FILE   conversations in the LoCoMo-derived format (see docs/retrieval.md)
  --store KIND     sqlite | chroma-embedded | memory (default sqlite)
  --quick          only kioku's own ranking (no ablations)
  --json FILE      also write every number as JSON
  --embedding-cache FILE
                   reuse the vectors of earlier runs from FILE and add this run's (the same model's
                   vectors, bit for bit: recall quality is unchanged; ingest rate and recall latency
                   then leave the embedder out)
  --keep           keep the temporary data directory
`;

export function parseRetrievalArgs(argv: readonly string[]): RetrievalOptions {
  const values = readCommandArgs(argv, {
    dataset: { type: 'string' },
    store: { type: 'string' },
    quick: { type: 'boolean' },
    json: { type: 'string' },
    'embedding-cache': { type: 'string' },
    keep: { type: 'boolean' },
  });
  if (values.help)
    return { dataset: '', store: 'sqlite', nResults: 10, quick: false, keep: false, help: true };
  if (!values.dataset) throw new BenchUsageError('--dataset FILE is required');
  return {
    dataset: values.dataset,
    store: benchStore(values.store ?? 'sqlite'),
    nResults: 10,
    quick: values.quick ?? false,
    jsonFile: values.json,
    embeddingCache: values['embedding-cache'],
    keep: values.keep ?? false,
    help: false,
  };
}
