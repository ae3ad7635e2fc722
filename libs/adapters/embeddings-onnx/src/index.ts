/** Public API of @kioku/embeddings-onnx: the engine's DI module, its manifest and what `kioku models` uses. */
export { embeddingsOnnxModule } from './lib/embeddings-onnx.module';
export { ONNX_MODELS } from './lib/onnx-model-manifest';
export type { OnnxModelSpec } from './lib/onnx-model-spec';
export { ensureModelFiles, locateModel } from './lib/model-files';
export { ONNX_RUNTIME_PACKAGE } from './lib/onnx-runtime';
