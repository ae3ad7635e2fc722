/**
 * The memory categories (behaviour §2.1). Owned by the memory domain, kept here at the ground so that the
 * log redaction can tell a category kioku writes from raw input without depending on the domain.
 */
export const MEMORY_CATEGORIES = [
  'daily',
  'philosophical',
  'technical',
  'memory',
  'observation',
  'feeling',
  'conversation',
  'introspection',
  'relationship',
  'self_discovery',
  'dream',
  'lesson',
] as const;
