/**
 * Co-activation (behaviour §4.8 step 2): two memories of one window fired together when they share a
 * primary emotion at a similar intensity (|Δ| < 0.2) or at least two tags. `neutral` is the absence
 * of an emotion, not a shared one, so it never co-activates; and each memory gets at most
 * `maxPerMemory` partners (the closest in time), so a busy window cannot explode into all pairs.
 */
import type { Memory } from '@kioku/memory';

function coactivated(a: Memory, b: Memory): boolean {
  const sameEmotion =
    a.emotion.primary === b.emotion.primary &&
    a.emotion.primary !== 'neutral' &&
    Math.abs(a.emotion.intensity - b.emotion.intensity) < 0.2;
  if (sameEmotion) return true;
  const tags = new Set(a.tags);
  return b.tags.filter((t) => tags.has(t)).length >= 2;
}

/** Co-activated pairs of a window sorted by time, each pair once, partners nearest in time first. */
export function coactivatedPairs(windowByTime: Memory[], maxPerMemory: number): [Memory, Memory][] {
  const partners = new Map<string, number>();
  const candidates: { a: Memory; b: Memory; gap: number }[] = [];
  for (let i = 0; i < windowByTime.length; i++) {
    for (let j = i + 1; j < windowByTime.length; j++) {
      const [a, b] = [windowByTime[i], windowByTime[j]];
      if (coactivated(a, b))
        candidates.push({ a, b, gap: Date.parse(b.createdAt) - Date.parse(a.createdAt) });
    }
  }
  candidates.sort((x, y) => x.gap - y.gap);
  const pairs: [Memory, Memory][] = [];
  for (const { a, b } of candidates) {
    if ((partners.get(a.id) ?? 0) >= maxPerMemory || (partners.get(b.id) ?? 0) >= maxPerMemory) continue;
    partners.set(a.id, (partners.get(a.id) ?? 0) + 1);
    partners.set(b.id, (partners.get(b.id) ?? 0) + 1);
    pairs.push([a, b]);
  }
  return pairs;
}
