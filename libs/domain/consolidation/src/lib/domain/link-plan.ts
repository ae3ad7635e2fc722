/**
 * The links a consolidation writes and prunes (behaviour §4.8 steps 1–3), planned without I/O from
 * the window's memories in time order and the links they already have: replay links each memory to
 * the next (`related`, 0.6; an existing `related` link is strengthened by 0.1 once, remembered by
 * `replayedAt`, so a second run changes nothing); co-activated pairs get a `related` link unless they
 * have one; links weaker than 0.1 that this plan does not rewrite are pruned.
 */
import type { Link } from '@kioku/links';
import type { Memory } from '@kioku/memory';
import { coactivatedPairs } from './coactivation';

const REPLAY_CONFIDENCE = 0.6;
const REPLAY_STEP = 0.1;
const COACTIVATION_CONFIDENCE = 0.5;
const PRUNE_BELOW = 0.1;

export interface LinkPlan {
  /** Links to create or strengthen, one per pair. */
  writes: Link[];
  /** Existing links to remove in both directions. */
  weak: Link[];
  linksCreated: number;
  linksStrengthened: number;
  coactivations: number;
}

/**
 * @param windowByTime the window's memories, oldest first (ties by id)
 * @param existing every link from a window memory
 * @param maxPartners most co-activation partners per memory
 * @param stamp the run's instant (ISO-8601), written as `createdAt` / `replayedAt`
 */
export function planLinks(
  windowByTime: Memory[],
  existing: Link[],
  maxPartners: number,
  stamp: string,
): LinkPlan {
  const byKey = new Map(existing.map((l) => [key(l.sourceId, l.targetId, l.type), l]));
  const related = (a: string, b: string) =>
    byKey.get(key(a, b, 'related')) ?? byKey.get(key(b, a, 'related'));
  const writes = new Map<string, Link>();
  let linksCreated = 0;
  let linksStrengthened = 0;

  for (let i = 0; i + 1 < windowByTime.length; i++) {
    const [a, b] = [windowByTime[i], windowByTime[i + 1]];
    const current = related(a.id, b.id);
    if (!current) {
      writes.set(pairKey(a.id, b.id), link(a.id, b.id, REPLAY_CONFIDENCE, 'replay', stamp, stamp));
      linksCreated++;
    } else if (!current.replayedAt) {
      writes.set(pairKey(a.id, b.id), {
        ...current,
        confidence: Math.min(1, current.confidence + REPLAY_STEP),
        replayedAt: stamp,
      });
      linksStrengthened++;
    }
  }

  const coactivated = coactivatedPairs(windowByTime, maxPartners);
  for (const [a, b] of coactivated) {
    if (related(a.id, b.id) || writes.has(pairKey(a.id, b.id))) continue;
    writes.set(pairKey(a.id, b.id), link(a.id, b.id, COACTIVATION_CONFIDENCE, 'co-activation', stamp));
    linksCreated++;
  }

  const weak = existing.filter(
    (l) => l.confidence < PRUNE_BELOW && !writes.has(pairKey(l.sourceId, l.targetId)),
  );
  return {
    writes: [...writes.values()],
    weak,
    linksCreated,
    linksStrengthened,
    coactivations: coactivated.length,
  };
}

/** One key per unordered pair, for the `related` links consolidation writes. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

function key(sourceId: string, targetId: string, type: string): string {
  return `${sourceId}>${targetId}>${type}`;
}

function link(
  sourceId: string,
  targetId: string,
  confidence: number,
  note: string,
  createdAt: string,
  replayedAt?: string,
): Link {
  return {
    sourceId,
    targetId,
    type: 'related',
    confidence,
    note,
    createdAt,
    ...(replayedAt ? { replayedAt } : {}),
  };
}
