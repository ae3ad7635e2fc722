import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir, homedir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, loadConfigWith, parseConfig } from './kioku-config';

describe('configuration', () => {
  it('defaults to the in-process store under ~/.kioku and the local model', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      dataDir: join(homedir(), '.kioku'),
      namespace: 'default',
      vectorStore: { kind: 'sqlite', dataDir: join(homedir(), '.kioku') },
      embeddings: { kind: 'local' },
      log: { level: 'info' },
    });
  });

  it("hands the managed server what a process needs of the environment, never kioku's credentials nor npm's settings", () => {
    const config = parseConfig({
      PATH: '/usr/bin',
      KIOKU_QDRANT_API_KEY: 'secret',
      KIOKU_NAMESPACE: 'alice',
      KIOKU_VECTOR_STORE: 'chroma-embedded',
      HTTPS_PROXY: 'http://proxy.example:3128',
      npm_config_registry: 'https://registry.example/',
    });
    expect(config.vectorStore).toEqual({
      kind: 'chroma-embedded',
      dataDir: join(homedir(), '.kioku'),
      serverEnvironment: { PATH: '/usr/bin' },
      npmEnvironment: {
        PATH: '/usr/bin',
        HTTPS_PROXY: 'http://proxy.example:3128',
        npm_config_registry: 'https://registry.example/',
      },
      allowLoopbackPort: false,
      startTimeoutMs: 30_000,
    });
  });

  it('lets the managed server listen on a loopback port only when told so by name', () => {
    const chroma = { KIOKU_VECTOR_STORE: 'chroma-embedded' };
    expect(parseConfig({ ...chroma, KIOKU_CHROMA_ALLOW_UNPROTECTED_PORT: 'true' }).vectorStore).toMatchObject(
      {
        allowLoopbackPort: true,
      },
    );
    expect(() => parseConfig({ ...chroma, KIOKU_CHROMA_ALLOW_UNPROTECTED_PORT: 'maybe' })).toThrow(
      'KIOKU_CHROMA_ALLOW_UNPROTECTED_PORT',
    );
  });

  it('lets a slow machine give the embedded server longer to start', () => {
    const chroma = { KIOKU_VECTOR_STORE: 'chroma-embedded' };
    expect(parseConfig({ ...chroma, KIOKU_CHROMA_START_TIMEOUT_MS: '120000' }).vectorStore).toMatchObject({
      startTimeoutMs: 120_000,
    });
    expect(() => parseConfig({ ...chroma, KIOKU_CHROMA_START_TIMEOUT_MS: '10' })).toThrow(
      'KIOKU_CHROMA_START_TIMEOUT_MS',
    );
  });

  it('runs the local model in two threads with bounded queues by default, and reads the limits', () => {
    expect(parseConfig({}).embeddings).toEqual({
      kind: 'local',
      threads: 2,
      longTextCharacters: 1000,
      maxQueuedShortTexts: 256,
      maxQueuedLongTexts: 16,
      lingerMs: 10,
    });
    expect(
      parseConfig({
        KIOKU_EMBEDDING_THREADS: '0',
        KIOKU_EMBEDDING_LONG_TEXT_CHARS: '500',
        KIOKU_EMBEDDING_QUEUE_LIMIT: '64',
        KIOKU_EMBEDDING_LONG_QUEUE_LIMIT: '4',
        KIOKU_EMBEDDING_LINGER_MS: '0',
      }).embeddings,
    ).toEqual({
      kind: 'local',
      threads: 0,
      longTextCharacters: 500,
      maxQueuedShortTexts: 64,
      maxQueuedLongTexts: 4,
      lingerMs: 0,
    });
  });

  it.each([
    ['KIOKU_EMBEDDING_THREADS', '-1'],
    ['KIOKU_EMBEDDING_THREADS', 'two'],
    ['KIOKU_EMBEDDING_QUEUE_LIMIT', '0'],
    ['KIOKU_EMBEDDING_LONG_QUEUE_LIMIT', '1.5'],
    ['KIOKU_EMBEDDING_LINGER_MS', '-5'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(name);
  });

  it('runs an ONNX model by name from the models dir, or from a folder given by its path', () => {
    expect(parseConfig({ KIOKU_EMBEDDINGS: 'onnx', KIOKU_DATA_DIR: '/srv/kioku' }).embeddings).toEqual({
      kind: 'onnx',
      threads: 2,
      longTextCharacters: 1000,
      maxQueuedShortTexts: 256,
      maxQueuedLongTexts: 16,
      lingerMs: 10,
      model: 'all-minilm-l6-v2',
      modelsDir: '/srv/kioku/models',
      hubUrl: 'https://huggingface.co',
    });
    expect(
      parseConfig({
        KIOKU_EMBEDDINGS: 'onnx',
        KIOKU_ONNX_MODEL: '~/models/mine',
        KIOKU_ONNX_MODELS_DIR: '/opt/models',
        KIOKU_ONNX_HUB_URL: 'http://127.0.0.1:8080',
        KIOKU_EMBEDDING_THREADS: '0',
      }).embeddings,
    ).toMatchObject({
      // One session per thread: the engine has no event-loop mode, so 0 threads means one.
      threads: 1,
      model: join(homedir(), 'models/mine'),
      modelsDir: '/opt/models',
      hubUrl: 'http://127.0.0.1:8080',
    });
  });

  it.each([
    ['KIOKU_ONNX_MODEL', 'All MiniLM'],
    ['KIOKU_ONNX_HUB_URL', 'huggingface.co'],
    ['KIOKU_EMBEDDINGS', 'onnxruntime'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => parseConfig({ KIOKU_EMBEDDINGS: 'onnx', [name]: value })).toThrow(name);
  });

  it('reads every variable', () => {
    const config = parseConfig({
      KIOKU_DATA_DIR: '~/kdata',
      KIOKU_NAMESPACE: 'agent-1',
      KIOKU_VECTOR_STORE: 'chroma',
      KIOKU_CHROMA_URL: 'http://127.0.0.1:8000',
      KIOKU_LOG_LEVEL: 'debug',
      KIOKU_LOG_FILE: '/tmp/k.log',
      KIOKU_DEDUP_DISTANCE: '0.02',
      KIOKU_HOPFIELD: 'false',
      KIOKU_RECALL_DENSE_WEIGHT: '0.4',
      KIOKU_RECALL_CONTIGUITY: '0',
      KIOKU_RECALL_SPREADING: 'false',
      KIOKU_RECALL_LABEL_KEY: '1',
      KIOKU_RECALL_CHAINS: '0',
      KIOKU_RECALL_FEEDBACK: '0.3',
      KIOKU_RECALL_DIVERSITY: '0.2',
    });
    expect(config.dataDir).toBe(join(homedir(), 'kdata'));
    expect(config.vectorStore).toEqual({
      kind: 'chroma',
      url: 'http://127.0.0.1:8000',
      lexicalIndexFile: join(homedir(), 'kdata', 'lexical', '127.0.0.1_8000.sqlite'),
    });
    expect(config.thresholds).toMatchObject({
      dedupDistance: 0.02,
      hopfield: false,
      denseWeight: 0.4,
      contiguity: 0,
      spreading: false,
      labelKey: 1,
      chains: 0,
      feedback: 0.3,
      diversity: 0.2,
    });
    expect(config.log).toEqual({ level: 'debug', file: '/tmp/k.log' });
  });

  it('answers loopback names by default, and the configured hosts and origins otherwise', () => {
    expect(parseConfig({}).originPolicy).toEqual({ hosts: ['localhost', '127.0.0.1', '[::1]'], origins: [] });
    expect(
      parseConfig({
        KIOKU_ALLOWED_HOSTS: 'Kioku.Example.com, [::1]',
        KIOKU_ALLOWED_ORIGINS: 'https://app.example.com',
      }).originPolicy,
    ).toEqual({ hosts: ['kioku.example.com', '[::1]'], origins: ['https://app.example.com'] });
  });

  it('takes the lexical index file of a Chroma server from KIOKU_LEXICAL_INDEX_FILE', () => {
    const config = parseConfig({
      KIOKU_VECTOR_STORE: 'chroma',
      KIOKU_CHROMA_URL: 'http://chroma.internal:8000',
      KIOKU_LEXICAL_INDEX_FILE: '/var/lib/kioku/lexical.sqlite',
    });
    expect(config.vectorStore).toMatchObject({ lexicalIndexFile: '/var/lib/kioku/lexical.sqlite' });
  });

  it.each([
    [{ KIOKU_VECTOR_STORE: 'mongo' }, /KIOKU_VECTOR_STORE: .*\(got "mongo"\)/],
    [{ KIOKU_VECTOR_STORE: 'chroma' }, /KIOKU_CHROMA_URL: required when KIOKU_VECTOR_STORE=chroma/],
    [
      { KIOKU_VECTOR_STORE: 'chroma', KIOKU_CHROMA_URL: 'not a url' },
      /KIOKU_CHROMA_URL: must be an http\(s\) URL/,
    ],
    [{ KIOKU_NAMESPACE: '../etc' }, /KIOKU_NAMESPACE: must be/],
    [{ KIOKU_DEDUP_DISTANCE: 'abc' }, /KIOKU_DEDUP_DISTANCE/],
    [{ KIOKU_HOPFIELD: 'maybe' }, /KIOKU_HOPFIELD/],
    [{ KIOKU_RECALL_DENSE_WEIGHT: '1.5' }, /KIOKU_RECALL_DENSE_WEIGHT/],
    [{ KIOKU_RECALL_CHAINS: '2' }, /KIOKU_RECALL_CHAINS/],
    [{ KIOKU_RECALL_LABEL_KEY: '-1' }, /KIOKU_RECALL_LABEL_KEY/],
    [
      { KIOKU_ALLOWED_HOSTS: 'evil.example:80' },
      /KIOKU_ALLOWED_HOSTS: must be a comma-separated list of host names/,
    ],
    [
      { KIOKU_ALLOWED_ORIGINS: 'app.example.com' },
      /KIOKU_ALLOWED_ORIGINS: must be a comma-separated list of origins/,
    ],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  it('reads a JSON config file named by KIOKU_CONFIG_FILE; the environment wins', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kioku-config-'));
    const file = join(dir, 'kioku.json');
    writeFileSync(file, JSON.stringify({ KIOKU_NAMESPACE: 'from-file', KIOKU_LOG_LEVEL: 'warn' }));
    const config = loadConfig({ KIOKU_CONFIG_FILE: file, KIOKU_LOG_LEVEL: 'error' });
    expect(config.namespace).toBe('from-file');
    expect(config.log.level).toBe('error');
    writeFileSync(file, '{oops');
    expect(() => loadConfig({ KIOKU_CONFIG_FILE: file })).toThrow(/KIOKU_CONFIG_FILE: not valid JSON/);
  });

  it('fixes the settings a command needs over the environment and the config file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kioku-config-'));
    const file = join(dir, 'kioku.json');
    writeFileSync(file, JSON.stringify({ KIOKU_EMBEDDINGS: 'local' }));
    const config = loadConfigWith(
      { KIOKU_EMBEDDINGS: 'onnx' },
      { KIOKU_CONFIG_FILE: file, KIOKU_EMBEDDINGS: 'local', KIOKU_NAMESPACE: 'kept' },
    );
    expect(config.embeddings.kind).toBe('onnx');
    expect(config.namespace).toBe('kept');
  });
});
