/**
 * A named model's files fetched on first use from a local HTTP server standing in for the hub: the
 * files land verified in the models dir with their description, later starts fetch nothing, a
 * changed byte is refused and nothing is kept, a missing file is a clear error, two processes'
 * fetches at once both end well, and the fetched folder serves a host without network by its path.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  OnnxEmbeddingProvider,
  type OnnxEmbeddingProviderOptions,
} from './lib/onnx-embedding-provider.adapter';
import type { ManifestModel } from './lib/onnx-model-manifest';
import { hubPaths, startStandInHub, type StandInHub } from './testing/stand-in-hub';
import { testModel } from './testing/test-model-folder';

const model = testModel();
const entry = model.spec as ManifestModel;

describe('OnnxEmbeddingProvider fetching a named model', () => {
  let dir: string;
  let hub: StandInHub | undefined;
  const providers: OnnxEmbeddingProvider[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kioku-onnx-fetch-'));
  });
  afterEach(async () => {
    await Promise.all(providers.splice(0).map((provider) => provider.dispose()));
    await hub?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const provider = (options: Partial<OnnxEmbeddingProviderOptions> = {}) => {
    const created = new OnnxEmbeddingProvider({
      model: entry.name,
      modelsDir: join(dir, 'models'),
      hubUrl: hub?.url ?? 'http://127.0.0.1:9',
      models: [entry],
      threads: 1,
      ...options,
    });
    providers.push(created);
    return created;
  };

  it('fetches the files once, verified, and embeds with them', async () => {
    hub = await startStandInHub(hubPaths(entry, model.bytes));
    const fetched: string[] = [];
    const first = provider({ onFetch: (url) => fetched.push(url) });
    await first.init();
    expect(fetched).toEqual(
      Object.values(entry.files).map(
        (file) => `${hub!.url}/${entry.repository}/resolve/${entry.revision}/${file.path}`,
      ),
    );
    const folder = join(dir, 'models', entry.name);
    expect(readdirSync(folder).sort()).toEqual([
      'kioku-model.json',
      'model.onnx',
      'tokenizer.json',
      'tokenizer_config.json',
    ]);
    const [vector] = await first.embed(['the user likes green tea']);
    expect(vector).toHaveLength(entry.dimension);

    const requests = hub.requested.length;
    const later = provider();
    await expect(later.embed(['the user likes green tea'])).resolves.toEqual([vector]);
    expect(hub.requested).toHaveLength(requests);
  });

  it('refuses a file whose bytes differ from the checksum, and keeps nothing of it', async () => {
    const tampered = Uint8Array.from(model.bytes.model);
    tampered[tampered.length - 1] ^= 0xff;
    hub = await startStandInHub(hubPaths(entry, { ...model.bytes, model: tampered }));
    const refused = provider();
    await expect(refused.init()).rejects.toMatchObject({
      code: 'EMBEDDING_UNAVAILABLE',
      message: expect.stringMatching(
        new RegExp(
          `onnx/model_quantized\\.onnx does not match its checksum \\(expected SHA-256 ${entry.files.model.sha256}.*refused, nothing was kept`,
        ),
      ),
    });
    const folder = join(dir, 'models', entry.name);
    expect(readdirSync(folder)).toEqual([]);
    await expect(refused.embed(['anything'])).rejects.toMatchObject({ code: 'EMBEDDING_UNAVAILABLE' });
  });

  it('says which address answered what when a file is missing on the hub', async () => {
    hub = await startStandInHub(new Map());
    await expect(provider().init()).rejects.toThrow(
      /resolve\/0{39}1\/onnx\/model_quantized\.onnx answered HTTP 404/,
    );
  });

  it('lets two fetches of the same model run at once', async () => {
    hub = await startStandInHub(hubPaths(entry, model.bytes));
    const [a, b] = [provider(), provider()];
    await Promise.all([a.init(), b.init()]);
    expect(await a.embed(['a dog walks by the river'])).toEqual(await b.embed(['a dog walks by the river']));
    expect(readdirSync(join(dir, 'models', entry.name)).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('serves from the fetched folder by its path, with no hub at all', async () => {
    hub = await startStandInHub(hubPaths(entry, model.bytes));
    await provider().init();
    await hub.close();
    hub = undefined;
    const folder = join(dir, 'models', entry.name);
    const offline = provider({ model: folder, models: [] });
    expect(existsSync(join(folder, 'kioku-model.json'))).toBe(true);
    await expect(offline.embed(['offline host'])).resolves.toHaveLength(1);
  });
});
