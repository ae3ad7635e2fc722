/**
 * An ONNX sentence-embedding model (`KIOKU_EMBEDDINGS=onnx`) in worker threads, one session per
 * thread, scheduled like the local model (`ThreadedEmbeddingProvider`: lanes, bounded queues, linger).
 *
 * Before the first thread starts, `init()` (or the first `embed`) checks that the runtime is installed
 * and that every file of the model is there with its checksum, fetching a manifest model's missing
 * files from the hub (first use only). The model's identity (id, dimension, thresholds, fusion weight)
 * comes from its spec alone, so it is known before anything is fetched.
 */
import { join } from 'node:path';
import { assertEmbeddableTexts, type EmbedOptions } from '@kioku/embeddings';
import {
  EmbeddingThread,
  ThreadedEmbeddingProvider,
  type ThreadedEmbeddingProviderOptions,
} from '@kioku/embedding-threads';
import {
  ensureModelFiles,
  locateModel,
  onnxModelId,
  type LocatedModel,
  type ModelFilePaths,
  type ModelSourceOptions,
} from './model-files';
import { assertOnnxRuntimeInstalled } from './onnx-runtime';
import type { OnnxEncoderSetup } from './onnx-text-encoder';

/** Built by tools/scripts/build.js beside `dist/<command>.js`. */
const ONNX_THREAD_SCRIPT = 'onnx-embedding-thread.js';

export type OnnxEmbeddingProviderOptions = ModelSourceOptions &
  ThreadedEmbeddingProviderOptions & {
    /** Told before a model file is fetched from the hub (the module logs it). */
    onFetch?: (url: string, bytes: number) => void;
  };

export class OnnxEmbeddingProvider extends ThreadedEmbeddingProvider {
  private readonly located: LocatedModel;
  private readonly setup: { files?: ModelFilePaths };
  private preparing?: Promise<void>;

  constructor(private readonly options: OnnxEmbeddingProviderOptions) {
    const located = locateModel(options);
    const setup: { files?: ModelFilePaths } = {};
    const { spec } = located;
    super(
      {
        name: 'onnx',
        modelId: onnxModelId(spec),
        dimension: spec.dimension,
        calibratedThresholds: spec.calibratedThresholds,
        recallWeights: spec.recallWeights,
        startThread: () => {
          const workerData: OnnxEncoderSetup = {
            files: setup.files!,
            pooling: spec.pooling,
            maxTokens: spec.maxTokens,
          };
          const source = join(__dirname, 'onnx-embedding-thread.worker.ts');
          return new EmbeddingThread({ bundled: ONNX_THREAD_SCRIPT, source, workerData });
        },
      },
      options,
    );
    this.located = located;
    this.setup = setup;
  }

  override async init(): Promise<void> {
    await this.prepare();
    await super.init();
  }

  override async embed(texts: string[], options?: EmbedOptions): Promise<number[][]> {
    assertEmbeddableTexts(texts);
    if (texts.length > 0) await this.prepare();
    return super.embed(texts, options);
  }

  /** Runtime present, files present and intact (fetched if need be); once, retried after a failure. */
  private prepare(): Promise<void> {
    this.preparing ??= (async () => {
      assertOnnxRuntimeInstalled();
      this.setup.files = await ensureModelFiles(this.located, this.options.hubUrl, this.options.onFetch);
    })().catch((error: unknown) => {
      this.preparing = undefined;
      throw error;
    });
    return this.preparing;
  }
}
