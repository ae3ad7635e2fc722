/**
 * The trash of a namespace, newest deletion first (the dashboard's trash page): what can still be
 * restored, why it was deleted and when. At most `limit` entries; `total` counts them all.
 */
import { inject, injectable } from 'inversify';
import type { CallContext } from '@kioku/call-context';
import type { TrashEntry } from '../../domain/trash-entry';
import { TrashRepository } from '../trash.repository';

export interface TrashListing {
  total: number;
  entries: TrashEntry[];
}

@injectable()
export class ListTrashUseCase {
  constructor(@inject(TrashRepository) private readonly trash: TrashRepository) {}

  async execute({ limit }: { limit: number }, context: CallContext): Promise<TrashListing> {
    const entries: TrashEntry[] = [];
    for await (const entry of this.trash.all(context.namespace)) {
      // An entry mid-restore is about to leave the trash; listing it would offer a second restore.
      if (!entry.restoring) entries.push(entry);
    }
    entries.sort((a, b) => b.deletedAt.localeCompare(a.deletedAt));
    return { total: entries.length, entries: entries.slice(0, limit) };
  }
}
