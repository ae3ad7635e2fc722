/**
 * How a namespace's size changed, day by day: memories added (those still held and those now in the
 * trash, by the day they were created) and forgotten (trash entries, by the day they were deleted),
 * and the total at the end of each day. Built from what the store still holds, so a memory purged
 * from the trash (after KIOKU_TRASH_RETENTION_DAYS) is no longer part of it.
 */
import { utcDay } from '@kioku/kernel';

export interface HistoryDay {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  added: number;
  forgotten: number;
  /** Memories held at the end of the day. */
  total: number;
}

export function namespaceHistory(
  createdPerDay: { day: string; count: number }[],
  trashed: { createdAt: string; deletedAt: string }[],
): HistoryDay[] {
  const days = new Map<string, { added: number; forgotten: number }>();
  const at = (day: string) => {
    let entry = days.get(day);
    if (!entry) days.set(day, (entry = { added: 0, forgotten: 0 }));
    return entry;
  };
  for (const { day, count } of createdPerDay) at(day).added += count;
  for (const entry of trashed) {
    at(utcDay(entry.createdAt)).added += 1;
    at(utcDay(entry.deletedAt)).forgotten += 1;
  }
  let total = 0;
  return [...days]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, { added, forgotten }]) => {
      total += added - forgotten;
      return { day, added, forgotten, total };
    });
}
