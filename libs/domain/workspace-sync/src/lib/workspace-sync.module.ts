/**
 * DI wiring: adds a WorkspaceSync (one singleton per loaded module) to the memory library's
 * multi-bound change listeners. Loading one module per workspace, each for its own namespace, is fine:
 * the options live in the binding, not in shared tokens. The files come from the composition (an
 * adapter of the `@kioku/workspace-files` port).
 */
import { ContainerModule } from 'inversify';
import { KERNEL_TOKENS } from '@kioku/kernel';
import { MEMORY_TOKENS } from '@kioku/memory';
import type { WorkspaceFiles } from '@kioku/workspace-files';
import { WorkspaceSync } from './application/workspace-sync.listener';

export interface WorkspaceSyncOptions {
  /** The workspace's files (e.g. NodeWorkspaceFiles over the workspace directory). */
  files: WorkspaceFiles;
  /** The namespace whose public memories are mirrored; other namespaces are ignored. */
  namespace: string;
}

export function workspaceSyncModule(options: WorkspaceSyncOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(MEMORY_TOKENS.ChangeListener)
      .toDynamicValue(
        (context) => new WorkspaceSync(options.namespace, options.files, context.get(KERNEL_TOKENS.Logger)),
      )
      .inSingletonScope();
  });
}
