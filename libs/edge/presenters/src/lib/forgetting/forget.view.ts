/** The structured result of forget, one variant per mode (behaviour §4.5, §7). */
import type { ProtectedRefusal } from '@kioku/forgetting';
import { round2 } from '../shared/rounding';
import type { ForgetOutput } from './forget.output';
import type { ForgetOutcome } from './forget-outcome';
import type { VariantFor } from '../shared/variant-for';

export function forgetStructured<R extends ForgetOutcome>(result: R): VariantFor<ForgetOutput, 'mode', R>;
export function forgetStructured(result: ForgetOutcome): ForgetOutput {
  switch (result.mode) {
    case 'query':
      return {
        mode: result.mode,
        candidates: result.candidates.map((c) => ({
          id: c.memory.id,
          content: c.memory.content,
          similarity: round2(c.similarity),
          private: c.memory.isPrivate,
        })),
      };
    case 'ids':
      return {
        mode: result.mode,
        forgotten: result.forgotten.map((m) => m.id),
        pending: result.pending.map((p) => ({
          id: p.memoryId,
          requestCount: p.requestCount,
          requestedAt: new Date(p.requestedAt).toISOString(),
        })),
        notFound: result.notFound,
        refused: refusedView(result.refused),
        restorableUntil: result.restorableUntil,
      };
    case 'sweep_report':
      return {
        mode: result.mode,
        scanned: result.scan.scanned,
        toDrop: result.scan.toDrop,
        toCompress: result.scan.toCompress,
        protected: result.scan.protected,
        sampleIdsToDrop: result.scan.samplesToDrop,
        sampleIdsToCompress: result.scan.samplesToCompress,
        sampleIdsProtected: result.scan.samplesProtected,
      };
    case 'sweep_executed':
      return {
        mode: result.mode,
        dropped: result.drop.dropped,
        kept: result.drop.kept,
        restorableUntil: result.restorableUntil,
      };
    case 'sweep_needs_dry_run':
      return { mode: result.mode };
    case 'not_confirmed':
      return {
        mode: result.mode,
        answer: result.answer,
        asked: result.asked,
        notFound: result.notFound,
        refused: refusedView(result.refused),
      };
  }
}

function refusedView(refused: ProtectedRefusal[]) {
  return refused.map((r) => ({ id: r.memory.id, reason: r.reason }));
}
