/**
 * remember (behaviour §4.1): normalise, embed once, refuse near-duplicates (vector distance AND surface
 * overlap AND no number/date/negation/name difference, unless forced), save, auto-link both ways.
 * One memory is a batch of one: RememberPipeline holds the steps, so remember and remember_batch always agree.
 */
import { inject, injectable } from 'inversify';
import type { Memory } from '../../domain/memory';
import type { CallContext } from '@kioku/call-context';
import { RememberPipeline } from '../shared/remember-pipeline';
import type { RememberInput } from './remember.input';

export type RememberResult =
  | { status: 'duplicate'; existing: Memory; distance: number }
  | { status: 'saved'; memory: Memory; linked: { memory: Memory; distance: number }[] };

@injectable()
export class RememberUseCase {
  constructor(@inject(RememberPipeline) private readonly pipeline: RememberPipeline) {}

  async execute(input: RememberInput, context: CallContext): Promise<RememberResult> {
    const [result] = await this.pipeline.remember([input], context);
    if (result.status === 'error') throw result.error;
    return result;
  }
}
