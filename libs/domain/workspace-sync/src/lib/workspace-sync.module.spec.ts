/**
 * The module adds a listener next to any other, and the real memory use cases reach the workspace
 * through MemoryChangeNotifier: remember writes a public memory and not a private one; update_memory
 * making a memory private erases it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Container } from 'inversify';
import { EMBEDDINGS_TOKENS } from '@kioku/embeddings';
import { KERNEL_TOKENS, RandomIdGenerator } from '@kioku/kernel';
import { linksModule } from '@kioku/links';
import { namespaceStorageModule } from '@kioku/namespace-storage';
import {
  DEFAULT_MEMORY_SETTINGS,
  MEMORY_TOKENS,
  MemoryChangeNotifier,
  memoryModule,
  RememberUseCase,
  UpdateMemoryUseCase,
  type MemoryChangeListener,
} from '@kioku/memory';
import { RedactingLogger } from '@kioku/redaction';
import {
  CapturingLogSink,
  DeterministicEmbeddingProvider,
  FixedClock,
  listTree,
  removeDirectory,
  temporaryDirectory,
} from '@kioku/testing-fakes';
import { VECTOR_STORE_TOKENS } from '@kioku/vector-store';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { NodeWorkspaceFiles } from '@kioku/workspace-files-node';
import { memory } from './testing/workspace-sync-test-kit';
import { WorkspaceSync } from './application/workspace-sync.listener';
import { workspaceSyncModule } from './workspace-sync.module';

describe('workspaceSyncModule', () => {
  let workspace: string;
  let logs: CapturingLogSink;
  let container: Container;

  beforeEach(async () => {
    workspace = await temporaryDirectory('workspace-module');
    logs = new CapturingLogSink();
    const clock = new FixedClock('2026-11-21T09:05:00.000Z');
    container = new Container();
    container.bind(VECTOR_STORE_TOKENS.VectorStore).toConstantValue(new MemoryVectorStore());
    container.bind(EMBEDDINGS_TOKENS.EmbeddingProvider).toConstantValue(new DeterministicEmbeddingProvider());
    container.bind(KERNEL_TOKENS.Clock).toConstantValue(clock);
    container.bind(KERNEL_TOKENS.IdGenerator).toConstantValue(new RandomIdGenerator());
    container.bind(KERNEL_TOKENS.Logger).toConstantValue(new RedactingLogger(logs, 'debug', clock));
    container.bind(MEMORY_TOKENS.Settings).toConstantValue({ ...DEFAULT_MEMORY_SETTINGS, dedupDistance: 0 });
    container.loadSync(namespaceStorageModule(), linksModule(), memoryModule());
  });

  afterEach(() => removeDirectory(workspace));

  it('adds one singleton WorkspaceSync to the multi-bound listeners, beside the others', async () => {
    const other: MemoryChangeListener = { saved: jest.fn(), updated: jest.fn(), deleted: jest.fn() };
    container.bind(MEMORY_TOKENS.ChangeListener).toConstantValue(other);
    container.loadSync(workspaceSyncModule({ files: new NodeWorkspaceFiles(workspace), namespace: 'agent' }));
    const listeners = container.getAll(MEMORY_TOKENS.ChangeListener);
    expect(listeners).toHaveLength(2);
    expect(listeners.filter((listener) => listener instanceof WorkspaceSync)).toHaveLength(1);
    expect(container.getAll(MEMORY_TOKENS.ChangeListener)).toEqual(listeners);

    await container.get(MemoryChangeNotifier).saved('agent', memory());
    expect(other.saved).toHaveBeenCalledTimes(1);
    expect(await listTree(workspace)).toEqual(['memory/', 'memory/2026-11-21.md']);
  });

  it('mirrors remember and update_memory of the configured namespace', async () => {
    container.loadSync(workspaceSyncModule({ files: new NodeWorkspaceFiles(workspace), namespace: 'agent' }));
    const remember = container.get(RememberUseCase);
    const update = container.get(UpdateMemoryUseCase);
    const context = { namespace: 'agent', callerId: 'tester' };

    const saved = await remember.execute(
      { content: 'Tea with Mika.', category: 'relationship', emotion: 'warm' },
      context,
    );
    const secret = await remember.execute({ content: 'CANARY-e2e secret', private: true }, context);
    await remember.execute({ content: 'Elsewhere.' }, { namespace: 'other', callerId: 'tester' });
    if (saved.status !== 'saved' || secret.status !== 'saved') throw new Error('not saved');

    const id = saved.memory.id;
    expect(await readFile(join(workspace, 'memory/2026-11-21.md'), 'utf8')).toBe(
      `# Memory Log 2026-11-21\n\n- 09:05 [relationship] Tea with Mika. (emotion: warm, intensity: 0.50) [id:${id}]\n`,
    );
    expect(await readFile(join(workspace, 'MEMORY.md'), 'utf8')).toBe(
      `# Curated Memory\n\n- [2026-11-21] (relationship) Tea with Mika. (emotion: warm) [id:${id}]\n`,
    );

    await update.execute({ memoryId: id, private: true }, context);
    expect(await readFile(join(workspace, 'memory/2026-11-21.md'), 'utf8')).toBe(
      '# Memory Log 2026-11-21\n\n',
    );
    expect(await readFile(join(workspace, 'MEMORY.md'), 'utf8')).toBe('# Curated Memory\n\n');

    const everything = await Promise.all(
      (await listTree(workspace))
        .filter((f) => !f.endsWith('/'))
        .map((f) => readFile(join(workspace, f), 'utf8')),
    );
    expect(everything.join('') + logs.text()).not.toContain('CANARY-e2e');
    expect(everything.join('')).not.toContain('Elsewhere');
  });
});
