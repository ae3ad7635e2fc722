/** update_memory (behaviour §4.3): one memory's content and/or metadata changed by id. */
import { inject, injectable } from 'inversify';
import type { CallContext } from '@kioku/call-context';
import { MemoryUpdater, type UpdateMemoryResult } from '../shared/memory-updater';
import type { UpdateMemoryInput } from './update-memory.input';

@injectable()
export class UpdateMemoryUseCase {
  constructor(@inject(MemoryUpdater) private readonly updater: MemoryUpdater) {}

  execute(input: UpdateMemoryInput, context: CallContext): Promise<UpdateMemoryResult> {
    return this.updater.update(context.namespace, input);
  }
}
