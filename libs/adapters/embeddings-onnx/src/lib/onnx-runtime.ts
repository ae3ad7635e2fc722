/**
 * The ONNX runtime (`onnxruntime-node`) is not a dependency of kioku: it is 288 MB (every platform's
 * build in one package) and only this engine needs it, so it is an optional peer dependency that a
 * user who chooses `KIOKU_EMBEDDINGS=onnx` installs beside kioku (docs/platforms.md). This file is the
 * only one that loads it, and says how to install it when it is missing.
 */
import { EmbeddingUnavailableError } from '@kioku/embeddings';

/** The version kioku is tested with (package.json's peer dependency range starts there). */
export const ONNX_RUNTIME_PACKAGE = 'onnxruntime-node@1.30.0';

export type OnnxRuntime = typeof import('onnxruntime-node');

/** The error a missing runtime gives: what to run, and why it is not installed already. */
class OnnxRuntimeMissingError extends EmbeddingUnavailableError {
  constructor(cause?: unknown) {
    super(
      'onnx',
      `KIOKU_EMBEDDINGS=onnx needs the ONNX runtime, which is installed only when this engine is chosen: ` +
        `run \`npm install -g ${ONNX_RUNTIME_PACKAGE}\` beside a global kioku, or \`npm install ${ONNX_RUNTIME_PACKAGE}\` ` +
        'in the folder kioku is installed in (on Linux x64 set ONNXRUNTIME_NODE_INSTALL=skip to skip its CUDA download)',
      { cause },
    );
  }
}

/** Throws OnnxRuntimeMissingError unless the runtime can be found from here (without loading it). */
export function assertOnnxRuntimeInstalled(): void {
  try {
    require.resolve('onnxruntime-node');
  } catch (error) {
    throw new OnnxRuntimeMissingError(error);
  }
}

/** Loads the runtime (its native addon); throws OnnxRuntimeMissingError when it is not installed. */
export function loadOnnxRuntime(): OnnxRuntime {
  assertOnnxRuntimeInstalled();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when chosen and present
  return require('onnxruntime-node') as OnnxRuntime;
}
