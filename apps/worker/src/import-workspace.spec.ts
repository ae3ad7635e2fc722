/**
 * `kioku import` with KIOKU_WORKSPACE_DIR set: the real workspace mirror (workspaceSyncModule, real
 * files in a temporary dir) is loaded beside the import, as the composition does, and an import leaves
 * the workspace as remembering would: imported public memories are written, private ones never, a dry
 * run writes nothing, and an overwrite that makes a memory private erases its lines.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createForgettingTestKit } from '@kioku/forgetting/testing';
import {
  ExportNamespaceUseCase,
  ImportNamespaceUseCase,
  TextSink,
  portabilityModule,
  textImportSource,
} from '@kioku/portability';
import { PRIVATE_CANARY, seedNamespace } from '@kioku/portability/testing';
import { NodeWorkspaceFiles } from '@kioku/workspace-files-node';
import { workspaceSyncModule } from '@kioku/workspace-sync';
import { tempDir } from './testing/worker-test-helpers';

const NS = 'agent';

/** Every file under the workspace, concatenated (empty when nothing was written). */
function workspaceText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

describe('import and the workspace mirror', () => {
  const workspace = tempDir('workspace');
  afterAll(() => rmSync(workspace, { recursive: true, force: true }));

  it('writes imported public memories, never private ones, and nothing on a dry run', async () => {
    const source = createForgettingTestKit({ modules: [portabilityModule()] });
    const seed = await seedNamespace(source.container, NS);
    const sink = new TextSink();
    await source.container.get(ExportNamespaceUseCase).execute({ namespace: NS, sink, includePrivate: true });

    const target = createForgettingTestKit({
      modules: [
        portabilityModule(),
        workspaceSyncModule({ files: new NodeWorkspaceFiles(workspace), namespace: NS }),
      ],
    });
    const importText = (text: string, options = {}) =>
      target.container.get(ImportNamespaceUseCase).execute({ source: textImportSource(text), ...options });

    await importText(sink.text(), { dryRun: true });
    expect(workspaceText(workspace)).toBe('');

    await importText(sink.text());
    const mirrored = workspaceText(workspace);
    for (const id of seed.publicIds) expect(mirrored).toContain(`[id:${id}]`);
    for (const id of [...seed.privateIds, ...seed.trashedIds]) expect(mirrored).not.toContain(id);
    expect(mirrored).not.toContain(PRIVATE_CANARY);

    // Made private by an overwriting import: its lines go, as after update_memory.
    const madePrivate = sink
      .lines()
      .map((line) =>
        line.includes(`"id":"${seed.publicIds[3]}"`)
          ? line.replace('"isPrivate":false', '"isPrivate":true')
          : line,
      )
      .join('\n');
    await importText(madePrivate, { overwrite: true });
    expect(workspaceText(workspace)).not.toContain(seed.publicIds[3]);
    expect(workspaceText(workspace)).toContain(`[id:${seed.publicIds[0]}]`);
  });
});
