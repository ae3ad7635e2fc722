/**
 * `kioku models list | pull [NAME] [--dir FOLDER]`: the ONNX engine's models (KIOKU_EMBEDDINGS=onnx).
 * `list` shows the models known by name and whether this host has them; `pull` fetches one, verified
 * against its checksums, into the models dir (default KIOKU_ONNX_MODEL) or into FOLDER, so that a host
 * without network can be given the folder. Progress on stderr, the result on stdout; nothing is
 * started or opened besides the model's folder.
 */
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfigWith, type OnnxEmbeddingsSettings } from '@kioku/config';
import { knownOnnxModels, pullOnnxModel } from '@kioku/composition';
import { AppError, toAppError } from '@kioku/kernel';

const USAGE =
  'Usage: kioku models list\n' +
  '       kioku models pull [NAME] [--dir FOLDER]   (NAME: default KIOKU_ONNX_MODEL)\n';

/** The ONNX settings whatever KIOKU_EMBEDDINGS says: a model may be pulled before the engine is chosen. */
function onnxSettings(): OnnxEmbeddingsSettings {
  const config = loadConfigWith({ KIOKU_EMBEDDINGS: 'onnx' });
  if (config.embeddings.kind !== 'onnx') throw new Error('unreachable: the ONNX engine was asked for');
  return config.embeddings;
}

function list(settings: OnnxEmbeddingsSettings): void {
  for (const model of knownOnnxModels()) {
    const here = existsSync(join(settings.modelsDir, model.name, 'kioku-model.json'))
      ? 'fetched'
      : 'not fetched';
    process.stdout.write(
      `${model.name}  ${model.dimension} dimensions  ${(model.bytes / 1e6).toFixed(1)} MB  ${model.source}  (${here})\n`,
    );
  }
}

async function pull(settings: OnnxEmbeddingsSettings, name: string | undefined, dir: string | undefined) {
  const model = name ?? settings.model;
  if (!/^[a-z0-9][a-z0-9._-]*$/.test(model)) {
    throw AppError.invalidInput(
      'kioku models pull: give the name of a model (kioku models list shows them).',
    );
  }
  const { folder } = await pullOnnxModel(
    settings,
    model,
    dir === undefined ? undefined : resolve(dir),
    (url, bytes) => process.stderr.write(`kioku models: fetching ${url} (${(bytes / 1e6).toFixed(1)} MB)\n`),
  );
  process.stdout.write(
    `Model ${model} is complete and verified in ${folder}.\n` +
      `Use it with KIOKU_EMBEDDINGS=onnx and KIOKU_ONNX_MODEL=${dir === undefined ? model : folder}; ` +
      'on a host without network, copy the folder there and set KIOKU_ONNX_MODEL to its path.\n',
  );
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ options: { dir: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw AppError.invalidInput(`kioku models: ${(error as Error).message}\n${USAGE}`);
  }
  const { positionals, values } = parsed;
  const [command, name, ...rest] = positionals;
  if (rest.length > 0 || (command === 'list' && (name !== undefined || values.dir !== undefined))) {
    throw AppError.invalidInput(`kioku models: unexpected arguments.\n${USAGE}`);
  }
  if (command === 'list') return list(onnxSettings());
  if (command === 'pull') return pull(onnxSettings(), name, values.dir);
  throw AppError.invalidInput(`kioku models: say list or pull.\n${USAGE}`);
}

main().catch((error: unknown) => {
  const appError = toAppError(error);
  process.stderr.write(`kioku models: ${appError.code}: ${appError.message}\n`);
  process.exit(appError.code === 'CONFIG_INVALID' || appError.code === 'INVALID_INPUT' ? 2 : 1);
});
