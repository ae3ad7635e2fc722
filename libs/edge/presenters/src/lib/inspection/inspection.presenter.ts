/** Structured views of the read-only inspection results (a memory in its surroundings, the trash, statistics). */
import type { InspectMemoryResult } from '@kioku/episodes';
import type { NamespaceOverview, TrashListing } from '@kioku/forgetting';
import { memoryView } from '../memory/memory.presenter';
import { round2 } from '../shared/rounding';
import type { MemoryInspectionOutput, NamespaceStatsOutput, TrashListingOutput } from './inspection.output';

type Found = Extract<InspectMemoryResult, { status: 'found' }>;

export function memoryInspectionStructured(result: Found): MemoryInspectionOutput {
  return {
    memory: memoryView(result.memory),
    links: result.links.map(({ link, memory }) => ({
      type: link.type,
      confidence: round2(link.confidence),
      note: link.note,
      createdAt: link.createdAt,
      memory: { id: memory.id, content: memory.content, private: memory.isPrivate },
    })),
    episodes: result.episodes.map((e) => ({
      episodeId: e.id,
      summary: e.summary,
      memoryIds: e.memoryIds,
      startTime: e.startTime,
      endTime: e.endTime,
      importance: e.importance,
    })),
  };
}

export function trashListingStructured(listing: TrashListing): TrashListingOutput {
  return {
    total: listing.total,
    entries: listing.entries.map((entry) => ({
      id: entry.memory.id,
      content: entry.memory.content,
      private: entry.memory.isPrivate,
      category: entry.memory.category,
      importance: entry.memory.importance,
      deletedAt: entry.deletedAt,
      reason: entry.reason,
      linkCount: entry.links.length,
    })),
  };
}

export function namespaceStatsStructured(stats: NamespaceOverview): NamespaceStatsOutput {
  return { ...stats };
}
