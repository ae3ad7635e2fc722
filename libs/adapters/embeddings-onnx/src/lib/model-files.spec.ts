/**
 * Locating a model and checking its files, without a network: a model folder's description is checked
 * field by field, its files by checksum (a changed byte is refused), an unknown name lists the known
 * ones, and every manifest entry is a well-formed spec.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureModelFiles, locateModel, onnxModelId } from './model-files';
import { FOLDER_SPEC_FILE, readFolderSpec } from './model-folder';
import { ONNX_MODELS } from './onnx-model-manifest';
import { FOLDER_FILE_NAMES } from './onnx-model-spec';
import { testModel, writeModelFolder } from '../testing/test-model-folder';

describe('model files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kioku-onnx-files-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const source = (model: string) => ({ model, modelsDir: join(dir, 'models'), hubUrl: 'http://127.0.0.1:9' });

  it('reads a complete folder: its spec, its files, an id from its weights', async () => {
    const model = testModel();
    const folder = writeModelFolder(join(dir, 'tiny'), model);
    const located = locateModel(source(folder));
    expect(located).toMatchObject({ spec: model.spec, folder, fetchable: false });
    expect(onnxModelId(located.spec)).toBe(
      `onnx:tiny-random-bert@${model.spec.files.model.sha256.slice(0, 12)}`,
    );
    await expect(ensureModelFiles(located, 'http://127.0.0.1:9')).resolves.toEqual({
      model: join(folder, 'model.onnx'),
      tokenizer: join(folder, 'tokenizer.json'),
      tokenizerConfig: join(folder, 'tokenizer_config.json'),
    });
  });

  it('refuses a folder file whose bytes differ from its checksum, and one that is missing', async () => {
    const folder = writeModelFolder(join(dir, 'tiny'), testModel());
    const tokenizer = join(folder, FOLDER_FILE_NAMES.tokenizer);
    writeFileSync(tokenizer, readFileSync(tokenizer, 'utf8').replace('"tea"', '"tee"'));
    await expect(ensureModelFiles(locateModel(source(folder)), 'http://127.0.0.1:9')).rejects.toMatchObject({
      code: 'EMBEDDING_UNAVAILABLE',
      message: expect.stringMatching(
        /tokenizer\.json does not match the SHA-256 in kioku-model\.json .*refused/,
      ),
    });
    rmSync(tokenizer);
    await expect(ensureModelFiles(locateModel(source(folder)), 'http://127.0.0.1:9')).rejects.toThrow(
      /has no tokenizer\.json/,
    );
  });

  it('names the field a hand-written description gets wrong, and a folder without one', () => {
    const folder = writeModelFolder(join(dir, 'tiny'), testModel());
    const spec = JSON.parse(readFileSync(join(folder, FOLDER_SPEC_FILE), 'utf8'));
    writeFileSync(join(folder, FOLDER_SPEC_FILE), JSON.stringify({ ...spec, pooling: 'max' }));
    expect(() => readFolderSpec(folder)).toThrow(/kioku-model\.json: pooling:/);
    writeFileSync(join(folder, FOLDER_SPEC_FILE), '{ not json');
    expect(() => readFolderSpec(folder)).toThrow(/is not valid JSON/);
    expect(() => locateModel(source(join(dir, 'nothing-here')))).toThrow(
      /kioku models pull <name> --dir <folder>/,
    );
  });

  it('lists the known models for an unknown name, and places a named model under the models dir', () => {
    expect(() => locateModel(source('no-such-model'))).toThrow(/known: all-minilm-l6-v2/);
    const located = locateModel(source('all-minilm-l6-v2'));
    expect(located).toMatchObject({ folder: join(dir, 'models', 'all-minilm-l6-v2'), fetchable: true });
  });

  it.each(ONNX_MODELS.map((model) => [model.name, model] as const))(
    'manifest entry %s is a well-formed spec, pinned to a commit, thresholds in order',
    (_name, model) => {
      const folder = join(dir, 'described');
      writeModelFolder(folder, { spec: model, bytes: testModel().bytes });
      expect(readFolderSpec(folder)).toEqual(model);
      expect(model.revision).toMatch(/^[0-9a-f]{40}$/);
      const { dedupDistance, mergeDistance, linkDistance } = model.calibratedThresholds;
      expect(dedupDistance).toBeLessThanOrEqual(mergeDistance);
      expect(mergeDistance).toBeLessThanOrEqual(linkDistance);
    },
  );
});
