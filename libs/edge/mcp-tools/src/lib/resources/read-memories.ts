/** How the resources read memories: through the app (see app-call.ts), never counting an access. */
import type { ReadMemoriesUseCase } from '@kioku/memory';
import { withApp } from '../app-call';
import type { ToolDeps } from '../tools/tool-runner';

export function readMemories<T>(deps: ToolDeps, read: (use: ReadMemoriesUseCase) => Promise<T>): Promise<T> {
  return withApp(deps, 'resource.error', async (container) => {
    const { ReadMemoriesUseCase } = await import('@kioku/memory');
    return read(container.get(ReadMemoriesUseCase));
  });
}
