/**
 * An import tells the memory change listeners (the workspace mirror) of what it writes, as remember
 * and update_memory do: `saved` for each memory it creates, `updated` for each it replaces, nothing
 * in a dry run and nothing on a second import.
 */
import { MEMORY_TOKENS, type Memory, type MemoryChangeListener } from '@kioku/memory';
import { createForgettingTestKit } from '@kioku/forgetting/testing';
import { seedNamespace } from '../../testing/portability-test-kit';
import { portabilityModule } from '../../portability.module';
import { ExportNamespaceUseCase } from '../export-namespace/export-namespace.use-case';
import { TextSink } from '../export-namespace/export-sink';
import { ImportNamespaceUseCase } from './import-namespace.use-case';
import { textImportSource } from '../shared/import-source';

const NS = 'noticed';

class RecordingListener implements MemoryChangeListener {
  readonly notices: string[] = [];
  async saved(_namespace: string, memory: Memory) {
    this.notices.push(`saved ${memory.id}`);
  }
  async updated(_namespace: string, _before: Memory, after: Memory) {
    this.notices.push(`updated ${after.id}`);
  }
  async deleted(_namespace: string, memory: Memory) {
    this.notices.push(`deleted ${memory.id}`);
  }
}

describe('import and the memory change listeners', () => {
  it('announces every created and replaced memory, and nothing for a dry run or a second import', async () => {
    const source = createForgettingTestKit({ modules: [portabilityModule()] });
    const { publicIds, privateIds } = await seedNamespace(source.container, NS);
    const sink = new TextSink();
    await source.container.get(ExportNamespaceUseCase).execute({ namespace: NS, sink, includePrivate: true });

    const target = createForgettingTestKit({ modules: [portabilityModule()] });
    const listener = new RecordingListener();
    target.container.bind(MEMORY_TOKENS.ChangeListener).toConstantValue(listener);
    const run = (options = {}) =>
      target.container
        .get(ImportNamespaceUseCase)
        .execute({ source: textImportSource(sink.text()), ...options });

    await run({ dryRun: true });
    expect(listener.notices).toEqual([]);
    await run();
    expect(listener.notices.sort()).toEqual([...publicIds, ...privateIds].map((id) => `saved ${id}`).sort());
    listener.notices.length = 0;
    await run();
    expect(listener.notices).toEqual([]);

    const edited = sink.text().replace('Cooked miso soup', 'Cooked a different miso soup');
    await target.container
      .get(ImportNamespaceUseCase)
      .execute({ source: textImportSource(edited), overwrite: true });
    expect(listener.notices).toEqual([`updated ${publicIds[3]}`]);
  });
});
