/** The structured result of forget, one variant per mode (behaviour §4.5, §7). */
import type { ForgetResult } from '@kioku/forgetting';
import { round2 } from '../shared/rounding';
import type { ForgetOutput } from './forget.output';
import type { VariantFor } from '../shared/variant-for';

export function forgetStructured<R extends ForgetResult>(result: R): VariantFor<ForgetOutput, 'mode', R>;
export function forgetStructured(result: ForgetResult): ForgetOutput {
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
        refused: result.refused.map((r) => ({ id: r.memory.id, reason: r.reason })),
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
  }
}
