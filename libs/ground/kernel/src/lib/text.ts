/** Small text helpers shared by every response form. */

/** Collapses whitespace to single spaces and cuts to `limit` characters with an ellipsis. */
export function snippet(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= limit
    ? flat
    : chars
        .slice(0, limit - 3)
        .join('')
        .trimEnd() + '...';
}

/** A short relative age such as `just now`, `5m ago`, `2h ago`, `3d ago`, `2mo ago`, `1y ago`. */
export function relativeAge(from: Date, now: Date): string {
  const seconds = Math.max(0, (now.getTime() - from.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  const minutes = seconds / 60;
  if (minutes < 60) return `${Math.floor(minutes)}m ago`;
  const hours = minutes / 60;
  if (hours < 24) return `${Math.floor(hours)}h ago`;
  const days = hours / 24;
  if (days < 30) return `${Math.floor(days)}d ago`;
  if (days < 365) return `${Math.floor(days / 30)}mo ago`;
  return `${Math.floor(days / 365)}y ago`;
}

/** The UTC day (`YYYY-MM-DD`) of an ISO-8601 instant, whatever its offset. */
export function utcDay(iso: string): string {
  return new Date(iso).toISOString().slice(0, 10);
}

/** Similarity printed with 2 decimals from a cosine distance (behaviour §4), clamped to [0, 1]. */
export function similarityText(distance: number): string {
  return toSimilarity(distance).toFixed(2);
}

export function toSimilarity(distance: number): number {
  return Math.min(1, Math.max(0, 1 - distance));
}
