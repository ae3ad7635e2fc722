/**
 * The read-only views a reader of memory uses (the dashboard), with their schemas: one memory with
 * its links and episodes, the trash, the namespace's statistics and the worker's recent job reports.
 * Strict objects with every field, as for every REST response.
 */
import { z } from 'zod';
import type { InspectMemoryResult } from '@kioku/episodes';
import type { NamespaceOverview, TrashListing } from '@kioku/forgetting';
import { DELETION_REASONS } from '@kioku/forgetting/schemas';
import { LINK_TYPES } from '@kioku/links/schemas';
import { memoryContentSchema, memoryView, memoryViewSchema, round2 } from '@kioku/operations';

export const memoryInspectionSchema = z.strictObject({
  memory: memoryViewSchema,
  links: z.array(
    z.strictObject({
      type: z.enum(LINK_TYPES),
      confidence: z.number(),
      note: z.string(),
      createdAt: z.string(),
      memory: memoryContentSchema,
    }),
  ),
  episodes: z.array(
    z.strictObject({
      episodeId: z.string(),
      summary: z.string(),
      memoryIds: z.array(z.string()),
      startTime: z.string(),
      endTime: z.string(),
      importance: z.number(),
    }),
  ),
});
export type MemoryInspectionOutput = z.output<typeof memoryInspectionSchema>;

export const trashListingSchema = z.strictObject({
  total: z.number(),
  entries: z.array(
    z.strictObject({
      id: z.string(),
      content: z.string(),
      private: z.boolean(),
      category: z.string(),
      importance: z.number(),
      deletedAt: z.string(),
      reason: z.enum(DELETION_REASONS),
      linkCount: z.number(),
    }),
  ),
});
export type TrashListingOutput = z.output<typeof trashListingSchema>;

const namedCountSchema = z.strictObject({ name: z.string(), count: z.number() });

export const namespaceStatsSchema = z.strictObject({
  total: z.number(),
  private: z.number(),
  pinned: z.number(),
  createdPerDay: z.array(z.strictObject({ day: z.string(), count: z.number() })),
  /** Day by day (UTC): memories added and forgotten, and the total at the end of the day. */
  history: z.array(
    z.strictObject({ day: z.string(), added: z.number(), forgotten: z.number(), total: z.number() }),
  ),
  categories: z.array(namedCountSchema),
  tags: z.array(namedCountSchema),
});
export type NamespaceStatsOutput = z.output<typeof namespaceStatsSchema>;

export const WORKER_REPORT_STATUSES = ['ok', 'skipped', 'failed', 'interrupted'] as const;

export const workerReportsSchema = z.strictObject({
  reports: z.array(
    z.strictObject({
      job: z.string(),
      startedAt: z.string(),
      durationMs: z.number(),
      status: z.enum(WORKER_REPORT_STATUSES),
      counts: z.record(z.string(), z.number()),
      /** The run's scalar details, as text (a single type keeps the document's schemas simple). */
      details: z.record(z.string(), z.string()),
      skipReason: z.string().optional(),
      error: z.strictObject({ code: z.string(), message: z.string() }).optional(),
    }),
  ),
});
export type WorkerReportsOutput = z.output<typeof workerReportsSchema>;

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
