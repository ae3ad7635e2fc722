import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Container } from 'inversify';
import { KERNEL_TOKENS, type Logger } from '@kioku/kernel';
import { isProcessAlive } from '@kioku/processes';
import { VECTOR_STORE_TOKENS } from '@kioku/vector-store';
import { ChromaVectorStore } from './chroma-vector-store.adapter';
import { ChromaEmbeddedVectorStore } from './embedded/chroma-embedded-vector-store.adapter';
import { findChromaServerProcesses } from './embedded/process-inspection';
import { vectorStoreChromaEmbeddedModule, vectorStoreChromaModule } from './vector-store-chroma.module';
import { VECTOR_STORE_CHROMA_TOKENS } from './vector-store-chroma.tokens';

describe('vectorStoreChromaModule', () => {
  it('binds a singleton ChromaVectorStore for the URL', () => {
    const container = new Container();
    const lexicalIndexFile = join(tmpdir(), `kioku-module-spec-${process.pid}.sqlite`);
    container.loadSync(vectorStoreChromaModule({ url: 'http://127.0.0.1:8000', lexicalIndexFile }));
    const store = container.get(VECTOR_STORE_TOKENS.VectorStore);
    expect(store).toBeInstanceOf(ChromaVectorStore);
    expect(container.get(VECTOR_STORE_TOKENS.VectorStore)).toBe(store);
    expect((store as ChromaVectorStore).url).toBe('http://127.0.0.1:8000');
  });
});

describe('vectorStoreChromaEmbeddedModule', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kioku-embedded-module-'));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('binds the embedded store and manager, uses the kernel logger, and stops the server on unbindAll', async () => {
    const events: string[] = [];
    const logger: Logger = {
      debug: (event) => events.push(event),
      info: (event) => events.push(event),
      warn: (event) => events.push(event),
      error: (event) => events.push(event),
    };
    const container = new Container();
    container.bind(KERNEL_TOKENS.Logger).toConstantValue(logger);
    container.loadSync(
      vectorStoreChromaEmbeddedModule({
        dataDir,
        serverEnvironment: {},
        npmEnvironment: {},
        allowLoopbackPort: false,
      }),
    );

    const store = container.get(VECTOR_STORE_TOKENS.VectorStore);
    expect(store).toBeInstanceOf(ChromaEmbeddedVectorStore);
    await store.ensureCollection('memories', { dimension: 3 });
    const manager = container.get(VECTOR_STORE_CHROMA_TOKENS.ChromaServerManager);
    const pid = manager.serverPid as number;
    expect(manager.ownsServer).toBe(true);
    expect(events).toContain('vector_store.chroma_embedded.started');

    await container.unbindAll();
    expect(isProcessAlive(pid)).toBe(false);
    expect(findChromaServerProcesses(join(dataDir, 'chroma'))).toHaveLength(0);
  });
});
