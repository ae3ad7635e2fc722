/** Public API of @kioku/embeddings-onnx: the engine's DI module, its manifest and what `kioku models` uses. */
export { embeddingsOnnxModule } from './lib/embeddings-onnx.module';
export {
  OnnxEmbeddingProvider,
  type OnnxEmbeddingProviderOptions,
} from './lib/onnx-embedding-provider.adapter';
export { ONNX_MODELS, type ManifestModel } from './lib/onnx-model-manifest';
export type { OnnxModelFile, OnnxModelSpec, OnnxPooling } from './lib/onnx-model-spec';
export { ensureModelFiles, locateModel, onnxModelId, type ModelSourceOptions } from './lib/model-files';
export { FOLDER_SPEC_FILE } from './lib/model-folder';
export { OnnxRuntimeMissingError, ONNX_RUNTIME_PACKAGE } from './lib/onnx-runtime';
