/**
 * DI wiring: adds a WorkspaceSync (one singleton per loaded module) to the memory library's
 * multi-bound change listeners. Loading one module per workspace, each for its own namespace, is fine:
 * the options live in the binding, not in shared tokens.
 */
import { ContainerModule } from 'inversify';
import { KERNEL_TOKENS } from '@kioku/kernel';
import { MEMORY_TOKENS } from '@kioku/memory';
import { WorkspaceSync } from './application/workspace-sync.listener';
import { NodeWorkspaceFiles } from './infrastructure/node-workspace-files';

export interface WorkspaceSyncOptions {
  /** The workspace directory; resolved to its real absolute path (and created if missing) on first use. */
  dir: string;
  /** The namespace whose public memories are mirrored; other namespaces are ignored. */
  namespace: string;
  /** How long a write waits for another writer's lock on the same file (ms, default 5 000). */
  lockTimeoutMs?: number;
}

export function workspaceSyncModule(options: WorkspaceSyncOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(MEMORY_TOKENS.ChangeListener)
      .toDynamicValue(
        (context) =>
          new WorkspaceSync(
            options.namespace,
            new NodeWorkspaceFiles(options.dir, { lockTimeoutMs: options.lockTimeoutMs }),
            context.get(KERNEL_TOKENS.Logger),
          ),
      )
      .inSingletonScope();
  });
}
