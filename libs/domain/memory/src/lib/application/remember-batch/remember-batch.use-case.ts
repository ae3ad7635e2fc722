/** remember_batch (behaviour §4.1): many memories saved in order, one result per item (see RememberPipeline). */
import { inject, injectable } from 'inversify';
import type { CallContext } from '@kioku/call-context';
import type { RememberInput } from '../shared/remember-item.input';
import { RememberPipeline, type RememberItemResult } from '../shared/remember-pipeline';

@injectable()
export class RememberBatchUseCase {
  constructor(@inject(RememberPipeline) private readonly pipeline: RememberPipeline) {}

  execute(items: RememberInput[], context: CallContext): Promise<RememberItemResult[]> {
    return this.pipeline.remember(items, context);
  }
}
