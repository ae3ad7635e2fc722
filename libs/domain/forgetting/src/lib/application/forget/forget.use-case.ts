/**
 * forget (behaviour §4.5, design notes 000/001/004): deletion only by exact id and only on a second call with
 * the same id from the same caller within the confirmation window; a query only lists candidates;
 * a sweep reports first (dry run) and executes only what the same caller's recent dry run listed.
 * Protected memories (pinned, or a protected category) are refused with the reason and a way on.
 */
import { inject, injectable } from 'inversify';
import { AppError, KERNEL_TOKENS, snippet, type Clock } from '@kioku/kernel';
import {
  MEMORY_TOKENS,
  MemoryRanker,
  MemoryRepository,
  type Memory,
  type MemorySettings,
} from '@kioku/memory';
import { type CallContext } from '@kioku/call-context';
import { isProtected } from '../../domain/auto-forget.policy';
import {
  windowInWords,
  type PendingDeletion,
  type PendingDeletionRecord,
} from '../../domain/pending-confirmations';
import { FORGETTING_TOKENS } from '../../forgetting.tokens';
import type { ForgettingSettings } from '../../forgetting-settings';
import { MemoryDeleter } from '../memory-deleter';
import { AutoForgetSweep, type SweepDrop, type SweepScan } from '../sweep/auto-forget-sweep';
import { ForgetConfirmations } from './forget-confirmations';
import type { ForgetInput } from './forget.input';

const QUERY_CANDIDATES = 5;
const PREVIEW_CHARS = 70;

export interface ProtectedRefusal {
  memory: Memory;
  reason: 'pinned' | 'protected_category';
}

export type ForgetResult =
  | { mode: 'query'; query: string; candidates: { memory: Memory; similarity: number }[] }
  | {
      mode: 'ids';
      forgotten: Memory[];
      pending: (PendingDeletion & { memory: Memory })[];
      notFound: string[];
      refused: ProtectedRefusal[];
      /** When the trash lets the forgotten memories go for good; null when there is no trash. */
      restorableUntil: string | null;
      /** The confirmation window in words, e.g. `5 minutes`. */
      confirmWithin: string;
    }
  | { mode: 'sweep_report'; scan: SweepScan; confirmWithin: string }
  | { mode: 'sweep_executed'; drop: SweepDrop; restorableUntil: string | null }
  | { mode: 'sweep_needs_dry_run'; confirmWithin: string };

@injectable()
export class ForgetUseCase {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(MemoryRanker) private readonly ranker: MemoryRanker,
    @inject(MemoryDeleter) private readonly deleter: MemoryDeleter,
    @inject(AutoForgetSweep) private readonly sweep: AutoForgetSweep,
    @inject(ForgetConfirmations) private readonly confirmations: ForgetConfirmations,
    @inject(MEMORY_TOKENS.Settings) private readonly memorySettings: MemorySettings,
    @inject(FORGETTING_TOKENS.Settings) private readonly settings: ForgettingSettings,
    @inject(KERNEL_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(input: ForgetInput, context: CallContext): Promise<ForgetResult> {
    const ids = input.memoryIds ?? (input.memoryId !== undefined ? [input.memoryId] : undefined);
    const modes = [ids !== undefined, input.query !== undefined, input.sweep === true].filter(Boolean).length;
    if (input.memoryId !== undefined && input.memoryIds !== undefined) {
      throw AppError.invalidInput('Give memory_id or memory_ids, not both.');
    }
    if (modes !== 1) {
      throw AppError.invalidInput(
        'Give exactly one of: memory_id / memory_ids (delete by id), query (list candidates), sweep: true.',
      );
    }
    if (input.dryRun !== undefined && input.sweep !== true)
      throw AppError.invalidInput('dry_run goes with sweep: true.');
    if (input.sweep) return input.dryRun === false ? this.executeSweep(context) : this.reportSweep(context);
    if (input.query !== undefined) return this.listCandidates(input.query, context);
    return this.forgetIds(ids ?? [], context);
  }

  private async listCandidates(rawQuery: string, context: CallContext): Promise<ForgetResult> {
    const query = rawQuery.trim();
    if (!query) throw AppError.invalidInput('query must not be empty.');
    const ranked = await this.ranker.rank(
      context.namespace,
      query,
      QUERY_CANDIDATES,
      undefined,
      this.clock.now(),
    );
    return {
      mode: 'query',
      query,
      candidates: ranked.map((r) => ({ memory: r.memory, similarity: r.similarity })),
    };
  }

  private async forgetIds(rawIds: string[], context: CallContext): Promise<ForgetResult> {
    const ids = [...new Set(rawIds.map((id) => id.trim()))];
    if (ids.length === 0 || ids.some((id) => id.length === 0)) {
      throw AppError.invalidInput(
        'memory_ids must list at least one non-empty id. Use forget with query to find ids.',
      );
    }
    const now = this.clock.now();
    const found = new Map(
      (await this.memories.get(context.namespace, ids)).map((s) => [s.memory.id, s.memory]),
    );
    const { namespace, callerId } = context;
    const history = await this.confirmations.deletions(namespace, callerId);

    const result = {
      mode: 'ids' as const,
      forgotten: [] as Memory[],
      pending: [] as (PendingDeletion & { memory: Memory })[],
      notFound: [] as string[],
      refused: [] as ProtectedRefusal[],
    };
    const nextPending: PendingDeletionRecord[] = [];
    const toConfirm: PendingDeletionRecord[] = [];
    for (const id of ids) {
      const memory = found.get(id);
      const earlier = history.get(id);
      if (!memory) {
        result.notFound.push(id);
      } else if (isProtected(memory, this.memorySettings.protectedCategories)) {
        result.refused.push({ memory, reason: memory.importance >= 5 ? 'pinned' : 'protected_category' });
      } else if (earlier && this.confirmations.confirmable(earlier.requestedAt, now.getTime())) {
        toConfirm.push(earlier);
      } else {
        const entry = {
          memoryId: id,
          requestedAt: now.getTime(),
          requestCount: (earlier?.requestCount ?? 0) + 1,
        };
        nextPending.push(entry);
        result.pending.push({ ...entry, contentPreview: snippet(memory.content, PREVIEW_CHARS), memory });
      }
    }
    await this.confirmations.replaceDeletions(namespace, callerId, nextPending, now.getTime());
    for (const pending of toConfirm) {
      // Another process confirming the same pending entry at once may win the claim: then this call
      // did not forget it, and says so as a memory that is no longer there.
      const won = await this.confirmations.claimDeletion(namespace, callerId, pending);
      const deleted = won ? await this.deleter.delete(namespace, pending.memoryId, 'forget') : null;
      if (deleted) result.forgotten.push(deleted);
      else result.notFound.push(pending.memoryId);
    }
    return {
      ...result,
      restorableUntil: result.forgotten.length > 0 ? this.restorableUntil(now) : null,
      confirmWithin: this.confirmWithin(),
    };
  }

  private async reportSweep(context: CallContext): Promise<ForgetResult> {
    const now = this.clock.now();
    const scan = await this.sweep.scan(context.namespace, now, context.progress);
    await this.confirmations.recordDryRun(context.namespace, context.callerId, {
      requestedAt: now.getTime(),
      dropIds: scan.dropIds,
    });
    return { mode: 'sweep_report', scan, confirmWithin: this.confirmWithin() };
  }

  private async executeSweep(context: CallContext): Promise<ForgetResult> {
    const now = this.clock.now();
    const dryRun = await this.confirmations.takeDryRun(context.namespace, context.callerId, now.getTime());
    if (!dryRun) return { mode: 'sweep_needs_dry_run', confirmWithin: this.confirmWithin() };
    const drop = await this.sweep.drop(context.namespace, dryRun.dropIds, now, context.progress);
    return {
      mode: 'sweep_executed',
      drop,
      restorableUntil: drop.dropped.length > 0 ? this.restorableUntil(now) : null,
    };
  }

  private confirmWithin(): string {
    return windowInWords(this.settings.confirmationWindowMs);
  }

  private restorableUntil(now: Date): string | null {
    const days = this.settings.trashRetentionDays;
    return days > 0 ? new Date(now.getTime() + days * 86_400_000).toISOString() : null;
  }
}
