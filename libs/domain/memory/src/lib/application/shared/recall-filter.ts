/** Turns recall's filters into one store filter (pushed into the store query, behaviour §4.2 step 2). */
import { AppError } from '@kioku/kernel';
import { allOf, where, type Filter } from '@kioku/vector-store';
import { CATEGORIES, isCategory, isEmotionName } from '../../domain/memory';
import { normalizeTags } from '../../domain/normalize';
import { tagKey } from '../../domain/memory-record.codec';

/** What recall and the memory reads filter by (recall's input has these fields). */
interface MemoryFilterInput {
  category?: string;
  emotion?: string;
  /** Memories with any of these tags. */
  tags?: string[];
  /** ISO dates; a bare date covers its whole day. */
  from?: string;
  to?: string;
  /** `false` leaves private memories out. */
  includePrivate?: boolean;
}

export function recallFilter(input: MemoryFilterInput): Filter | undefined {
  if (input.category !== undefined && !isCategory(input.category)) {
    throw AppError.invalidInput(`Unknown category: use one of ${CATEGORIES.join(', ')}.`);
  }
  if (input.emotion !== undefined && !isEmotionName(input.emotion)) {
    throw AppError.invalidInput(
      'Unknown emotion: use a primary emotion such as happy, sad, curious or neutral.',
    );
  }
  const tags = normalizeTags(input.tags);
  const from = input.from === undefined ? undefined : parseDate('date_from', input.from, false);
  const to = input.to === undefined ? undefined : parseDate('date_to', input.to, true);
  if (from !== undefined && to !== undefined && from > to) {
    throw AppError.invalidInput('date_from is after date_to.');
  }
  return allOf(
    input.category ? where.eq('category', input.category) : undefined,
    input.emotion ? where.eq('emotion', input.emotion) : undefined,
    tags.length === 1 ? where.eq(tagKey(tags[0]), true) : undefined,
    tags.length > 1 ? where.or(...tags.map((t) => where.eq(tagKey(t), true))) : undefined,
    from !== undefined ? where.gte('createdAtMs', from) : undefined,
    to !== undefined ? where.lte('createdAtMs', to) : undefined,
    input.includePrivate === false ? where.eq('isPrivate', false) : undefined,
  );
}

/** A bare date (YYYY-MM-DD) covers the whole day in UTC: start for `from`, end for `to`. */
function parseDate(name: string, value: string, endOfDay: boolean): number {
  const bareDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const ms = Date.parse(bareDate ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms)) throw AppError.invalidInput(`${name} is not a date: use ISO 8601, e.g. 2026-11-21.`);
  return bareDate && endOfDay ? ms + 86_400_000 - 1 : ms;
}
