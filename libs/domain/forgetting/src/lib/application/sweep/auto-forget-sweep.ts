/**
 * The auto-forget sweep (behaviour §7): pages through a namespace's memories in bounded pages and applies
 * the policy to each; dropping deletes (reason `auto_forget`, so it stays restorable) only the ids a
 * scan listed, each re-checked first — a memory accessed, pinned or protected since is kept.
 * Ids are collected before anything is deleted, so deleting never shifts the pages being read.
 */
import { inject, injectable } from 'inversify';
import { KERNEL_TOKENS, type Logger } from '@kioku/kernel';
import { MEMORY_TOKENS, MemoryRepository, type MemorySettings } from '@kioku/memory';
import { type ProgressReporter } from '@kioku/call-context';
import { evaluate, risk, type PolicyVerdict } from '../../domain/auto-forget.policy';
import { MemoryDeleter } from '../memory-deleter';

const PAGE_SIZE = 500;
const SAMPLE_SIZE = 10;

export interface SweepSample {
  id: string;
  risk: number;
  heat: number;
  days: number;
}

export interface SweepScan {
  scanned: number;
  toDrop: number;
  toCompress: number;
  /** Pinned or in a protected category: never dropped, whatever their risk. */
  protected: number;
  /** Every id the policy would drop (the confirmation lists exactly these). */
  dropIds: string[];
  samplesToDrop: SweepSample[];
  samplesToCompress: SweepSample[];
  /** Protected memories with the risk they would have without protection (the oldest first seen). */
  samplesProtected: SweepSample[];
}

export interface SweepDrop {
  dropped: string[];
  /** Listed ids no longer due for dropping (accessed, pinned, protected or gone since the scan). */
  kept: string[];
}

@injectable()
export class AutoForgetSweep {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(MemoryDeleter) private readonly deleter: MemoryDeleter,
    @inject(MEMORY_TOKENS.Settings) private readonly settings: MemorySettings,
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /** `progress` hears the running count after each page. */
  async scan(namespace: string, now: Date, progress?: ProgressReporter): Promise<SweepScan> {
    const scan: SweepScan = {
      scanned: 0,
      toDrop: 0,
      toCompress: 0,
      protected: 0,
      dropIds: [],
      samplesToDrop: [],
      samplesToCompress: [],
      samplesProtected: [],
    };
    for await (const page of this.memories.pages(namespace, PAGE_SIZE)) {
      for (const memory of page) {
        scan.scanned++;
        const verdict = evaluate(memory, now, this.settings.protectedCategories);
        if (verdict.action === 'drop') {
          scan.toDrop++;
          scan.dropIds.push(memory.id);
          if (scan.samplesToDrop.length < SAMPLE_SIZE) scan.samplesToDrop.push(sample(memory.id, verdict));
        } else if (verdict.action === 'compress') {
          scan.toCompress++;
          if (scan.samplesToCompress.length < SAMPLE_SIZE)
            scan.samplesToCompress.push(sample(memory.id, verdict));
        } else if (verdict.protected) {
          scan.protected++;
          const unprotected = risk(memory.importance, verdict.heat, verdict.days, false);
          if (scan.samplesProtected.length < SAMPLE_SIZE)
            scan.samplesProtected.push(sample(memory.id, { ...verdict, risk: unprotected }));
        }
      }
      progress?.({ progress: scan.scanned, message: `scanned ${scan.scanned} memories` });
    }
    this.logger.info('sweep.scanned', {
      scanned: scan.scanned,
      toDrop: scan.toDrop,
      toCompress: scan.toCompress,
      protected: scan.protected,
    });
    return scan;
  }

  /** `progress` hears how many of `ids` were handled after each batch. */
  async drop(namespace: string, ids: string[], now: Date, progress?: ProgressReporter): Promise<SweepDrop> {
    const result: SweepDrop = { dropped: [], kept: [] };
    for (let i = 0; i < ids.length; i += PAGE_SIZE) {
      const batch = ids.slice(i, i + PAGE_SIZE);
      const current = new Map(
        (await this.memories.get(namespace, batch)).map((s) => [s.memory.id, s.memory]),
      );
      for (const id of batch) {
        const memory = current.get(id);
        const due = memory && evaluate(memory, now, this.settings.protectedCategories).action === 'drop';
        if (due && (await this.deleter.delete(namespace, id, 'auto_forget'))) result.dropped.push(id);
        else result.kept.push(id);
      }
      const done = result.dropped.length + result.kept.length;
      progress?.({ progress: done, total: ids.length, message: `handled ${done} of ${ids.length} memories` });
    }
    this.logger.info('sweep.dropped', { dropped: result.dropped.length, kept: result.kept.length });
    return result;
  }
}

function sample(id: string, verdict: Pick<PolicyVerdict, 'risk' | 'heat' | 'days'>): SweepSample {
  const round = (x: number) => Math.round(x * 100) / 100;
  return { id, risk: round(verdict.risk), heat: round(verdict.heat), days: round(verdict.days) };
}
