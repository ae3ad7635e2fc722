/**
 * The app container a benchmark measures, built exactly as the apps build it, in the run's own data
 * directory, with the caller's settings for the names passed through (so a configured run is
 * measured) and logs at `warn` unless KIOKU_LOG_LEVEL says otherwise.
 */
import { createAppContainer, type AppContainer, type AppContainerOptions } from '@kioku/composition';
import { parseConfig, type EnvSource } from '@kioku/config';
import type { BenchStore } from './lib/bench-options';

/** The recall settings every benchmark passes through, so that a configured ranking is what it measures. */
export const RECALL_SETTINGS = [
  'KIOKU_HOPFIELD',
  'KIOKU_RECALL_DENSE_WEIGHT',
  'KIOKU_RECALL_CONTIGUITY',
  'KIOKU_RECALL_SPREADING',
  'KIOKU_RECALL_COVERAGE',
  'KIOKU_RECALL_LABEL_KEY',
  'KIOKU_RECALL_TIME_KEY',
  'KIOKU_RECALL_CHAINS',
  'KIOKU_RECALL_FEEDBACK',
  'KIOKU_RECALL_DIVERSITY',
] as const;

/**
 * The configured embedding engine and its model, passed through by every bench that embeds, so a run
 * measures the engine the caller chose (`KIOKU_EMBEDDINGS=onnx KIOKU_ONNX_MODEL=… kioku bench …`).
 */
export const ENGINE_SETTINGS = [
  'KIOKU_EMBEDDINGS',
  'KIOKU_ONNX_MODEL',
  'KIOKU_ONNX_MODELS_DIR',
  'KIOKU_ONNX_HUB_URL',
  'KIOKU_OLLAMA_URL',
  'KIOKU_OLLAMA_MODEL',
  'KIOKU_OLLAMA_TIMEOUT_MS',
  'KIOKU_OLLAMA_DIMENSION',
] as const;

export async function startBenchApp(
  appName: string,
  store: BenchStore,
  dataDir: string,
  env: EnvSource,
  passedThrough: readonly string[],
  progress: (line: string) => void,
  extras: Pick<AppContainerOptions, 'wrapEmbeddings' | 'clock'> = {},
): Promise<AppContainer> {
  const config = parseConfig({
    ...Object.fromEntries(passedThrough.map((name) => [name, env[name]])),
    KIOKU_DATA_DIR: dataDir,
    KIOKU_VECTOR_STORE: store,
    KIOKU_NAMESPACE: 'bench',
    KIOKU_LOG_LEVEL: env.KIOKU_LOG_LEVEL ?? 'warn',
  });
  progress(`starting ${store} and loading the embedding model (data dir ${dataDir})`);
  return createAppContainer(config, { appName, ...extras });
}
