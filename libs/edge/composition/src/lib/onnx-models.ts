/**
 * What `kioku models` does with the ONNX engine's models, without starting an app: list the models
 * known by name, and fetch one (verified) into the models dir or a folder, for hosts without network.
 */
import type { OnnxEmbeddingsSettings } from '@kioku/config';
import { ensureModelFiles, locateModel, ONNX_MODELS, type OnnxModelSpec } from '@kioku/embeddings-onnx';

export interface KnownOnnxModel {
  name: string;
  /** `owner/name@commit` on the hub. */
  source: string;
  dimension: number;
  /** All its files, in bytes. */
  bytes: number;
}

export function knownOnnxModels(): KnownOnnxModel[] {
  return ONNX_MODELS.map((model) => ({
    name: model.name,
    source: `${model.repository}@${model.revision}`,
    dimension: model.dimension,
    bytes: Object.values(model.files).reduce((sum, file) => sum + file.bytes, 0),
  }));
}

/**
 * Makes sure model `name` is complete and verified in `folder` (default: its folder in the models
 * dir), fetching what is missing; `onFetch` is told before each download.
 */
export async function pullOnnxModel(
  settings: Pick<OnnxEmbeddingsSettings, 'modelsDir' | 'hubUrl'>,
  name: string,
  folder: string | undefined,
  onFetch: (url: string, bytes: number) => void,
): Promise<{ folder: string; spec: OnnxModelSpec }> {
  const located = locateModel(
    { model: name, modelsDir: settings.modelsDir, hubUrl: settings.hubUrl },
    folder,
  );
  await ensureModelFiles(located, settings.hubUrl, onFetch);
  return { folder: located.folder, spec: located.spec };
}
