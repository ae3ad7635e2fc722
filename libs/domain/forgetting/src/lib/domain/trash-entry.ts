/** A deleted memory kept restorable (behaviour §2.4): the full record, its vector and its links. */
import type { Link } from '@kioku/links';
import type { Memory } from '@kioku/memory';

export const DELETION_REASONS = ['forget', 'auto_forget', 'merge'] as const;
export type DeletionReason = (typeof DELETION_REASONS)[number];

export interface TrashEntry {
  memory: Memory;
  vector: number[];
  /** The memory's links at deletion, each seen from the memory (sourceId = memory id). */
  links: Link[];
  deletedAt: string;
  reason: DeletionReason;
  /** Set while a restore is in progress, so an interrupted restore can be told from an interrupted deletion. */
  restoring: boolean;
}
