/**
 * The ONNX models kioku knows by name (`KIOKU_ONNX_MODEL=<name>`): each pinned to a hub commit, with
 * the SHA-256 of every file, so that what is fetched on first use is exactly what was vetted.
 *
 * all-MiniLM-L6-v2 (Apache-2.0; 6 layers, 384 wide; MTEB retrieval 42.0): Xenova's ONNX export of
 * sentence-transformers/all-MiniLM-L6-v2, int8 (`model_quantized.onnx`, 22 MB), mean pooling, trained
 * on 256 tokens. The checksums are those of the repository at that commit (the model's Git LFS object
 * id is its SHA-256).
 *
 * Its thresholds and fusion weight are starting values, not calibrations: the weights cannot be
 * fetched from kioku's development machines, so they were never measured on kioku's labelled pairs or
 * the retrieval dev split (docs/configuration.md says so, and how to override them). The default
 * engine stays the bundled model until a model's retrieval is measured.
 */
import type { OnnxModelSpec } from './onnx-model-spec';

/** A manifest entry: a spec whose source is always a pinned hub repository. */
export type ManifestModel = OnnxModelSpec & { repository: string; revision: string };

export const ONNX_MODELS: readonly ManifestModel[] = Object.freeze([
  {
    name: 'all-minilm-l6-v2',
    repository: 'Xenova/all-MiniLM-L6-v2',
    revision: '48a5a372879ed2ed147ab84836e345977276d9b2',
    files: {
      model: {
        path: 'onnx/model_quantized.onnx',
        sha256: 'afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1',
        bytes: 22_972_370,
      },
      tokenizer: {
        path: 'tokenizer.json',
        sha256: 'da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0',
        bytes: 711_661,
      },
      tokenizerConfig: {
        path: 'tokenizer_config.json',
        sha256: '9261e7d79b44c8195c1cada2b453e55b00aeb81e907a6664974b4d7776172ab3',
        bytes: 366,
      },
    },
    dimension: 384,
    pooling: 'mean',
    maxTokens: 256,
    // Paraphrases of this model sit at cosine 0.8–0.95, unrelated English sentences near 0–0.2.
    calibratedThresholds: { dedupDistance: 0.1, linkDistance: 0.45, mergeDistance: 0.15 },
    recallWeights: { denseWeight: 0.5 },
  },
]);

/** The manifest's model of that name, or undefined. */
export function manifestModel(name: string, models: readonly ManifestModel[] = ONNX_MODELS) {
  return models.find((model) => model.name === name);
}
