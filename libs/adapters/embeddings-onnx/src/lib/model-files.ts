/**
 * Where a configured model's files are, and making sure they are there and intact. `KIOKU_ONNX_MODEL`
 * is either a manifest name, whose files live in `<modelsDir>/<name>/` and are fetched from the hub on
 * first use, or the path of a model folder, which is only read (never fetched into). Either way every
 * file is checked against its SHA-256 before a session opens it.
 */
import { writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { EmbeddingUnavailableError } from '@kioku/embeddings';
import { fileSha256 } from './file-checksum';
import { downloadVerified, hubFileUrl } from './hub-download';
import { FOLDER_SPEC_FILE, folderSpecText, readFolderSpec } from './model-folder';
import { manifestModel, ONNX_MODELS, type ManifestModel } from './onnx-model-manifest';
import { FOLDER_FILE_NAMES, type OnnxModelSpec } from './onnx-model-spec';

/** Where models come from (the configured `OnnxEmbeddingsSettings`, in the adapter's words). */
export interface ModelSourceOptions {
  /** A manifest name, or the absolute path of a model folder. */
  model: string;
  /** Where manifest models are kept, one folder each. */
  modelsDir: string;
  /** The hub manifest models are fetched from. */
  hubUrl: string;
  /** The models known by name; default the manifest. */
  models?: readonly ManifestModel[];
}

export interface LocatedModel {
  spec: OnnxModelSpec;
  folder: string;
  /** True for a manifest model: missing files are fetched; a folder of one's own is only read. */
  fetchable: boolean;
}

export type ModelFilePaths = Record<keyof OnnxModelSpec['files'], string>;

/** Finds the model's spec and folder (reads the folder's description; touches nothing else). */
export function locateModel(options: ModelSourceOptions, folder?: string): LocatedModel {
  if (isAbsolute(options.model))
    return { spec: readFolderSpec(options.model), folder: options.model, fetchable: false };
  const models = options.models ?? ONNX_MODELS;
  const spec = manifestModel(options.model, models);
  if (!spec) {
    const known = models.map((model) => model.name).join(', ');
    throw new EmbeddingUnavailableError(
      'onnx',
      `KIOKU_ONNX_MODEL names no known model ("${options.model}"; known: ${known}; or give a model folder's path)`,
    );
  }
  return { spec, folder: folder ?? join(options.modelsDir, spec.name), fetchable: true };
}

/** The model's id in the store: its name and the start of its revision or of its weights' checksum. */
export function onnxModelId(spec: OnnxModelSpec): string {
  return `onnx:${spec.name}@${spec.files.model.sha256.slice(0, 12)}`;
}

/**
 * Makes sure every file is in the folder with its checksum: missing or damaged files of a manifest
 * model are fetched (`onFetch` is told first), a folder of one's own must be complete. Returns the
 * files' paths. A manifest model's folder then also gets its `kioku-model.json`, so it can be copied
 * to a host without network and named there by path.
 */
export async function ensureModelFiles(
  located: LocatedModel,
  hubUrl: string,
  onFetch: (url: string, bytes: number) => void = () => undefined,
): Promise<ModelFilePaths> {
  const { spec, folder } = located;
  const paths = {} as ModelFilePaths;
  for (const kind of ['model', 'tokenizer', 'tokenizerConfig'] as const) {
    const file = spec.files[kind];
    const path = join(folder, FOLDER_FILE_NAMES[kind]);
    paths[kind] = path;
    const actual = await fileSha256(path);
    if (actual === file.sha256) continue;
    if (!located.fetchable) {
      throw new EmbeddingUnavailableError(
        'onnx',
        actual === undefined
          ? `the model folder ${folder} has no ${FOLDER_FILE_NAMES[kind]}`
          : `${path} does not match the SHA-256 in ${FOLDER_SPEC_FILE} (expected ${file.sha256}, got ${actual}): refused`,
      );
    }
    const url = hubFileUrl(hubUrl, spec.repository, spec.revision, file.path);
    onFetch(url, file.bytes);
    await downloadVerified(url, path, file);
  }
  if (located.fetchable)
    await writeFile(join(folder, FOLDER_SPEC_FILE), folderSpecText(spec), { mode: 0o600 });
  return paths;
}
