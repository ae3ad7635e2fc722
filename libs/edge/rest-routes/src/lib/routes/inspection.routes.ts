/**
 * Read-only REST routes for looking at memory (what the dashboard shows): one memory with its links
 * and episodes, the trash, the namespace's statistics and the worker's recent job reports. Passive:
 * none counts an access or changes anything. Every one is scoped to the caller's namespace.
 */
import { z } from 'zod';
import { InspectMemoryUseCase } from '@kioku/episodes';
import { ListTrashUseCase, NamespaceOverviewUseCase } from '@kioku/forgetting';
import { memoryNotFound } from '@kioku/operations';
import {
  memoryInspectionSchema,
  memoryInspectionStructured,
  namespaceStatsSchema,
  namespaceStatsStructured,
  trashListingSchema,
  trashListingStructured,
  workerReportsSchema,
  type WorkerReportsOutput,
} from './inspection.presenter';
import { idParams, ok, restRoute, type RouteSpec } from '../route-spec';

const limitQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).optional() });

/** The worker's recent job reports of a namespace, newest first (read from the data dir the worker writes to). */
export interface WorkerReports {
  recent(namespace: string, limit: number): WorkerReportsOutput['reports'];
}

export function inspectionRoutes(reports: WorkerReports): RouteSpec[] {
  return [
    restRoute({
      operationId: 'get_memory',
      method: 'GET',
      path: '/v1/memories/:id',
      params: idParams,
      tag: 'inspection',
      auth: true,
      summary: 'A memory with its links (and the memory at each other end) and its episodes',
      description: 'Counts no access. A private memory is returned to its own namespace, marked private.',
      responses: { 200: { description: 'The memory', schema: memoryInspectionSchema } },
      problems: ['MEMORY_NOT_FOUND'],
      async handle({ params, context, container }) {
        const result = await container.get(InspectMemoryUseCase).execute({ memoryId: params.id }, context);
        if (result.status === 'not_found') throw memoryNotFound(result.memoryId);
        return ok(memoryInspectionStructured(result));
      },
    }),

    restRoute({
      operationId: 'list_trash',
      method: 'GET',
      path: '/v1/trash',
      tag: 'inspection',
      auth: true,
      summary: 'Deleted memories that can be restored, newest deletion first',
      description: 'limit: at most this many entries (default 50, up to 200); total counts them all.',
      query: limitQuery,
      responses: { 200: { description: 'The trash', schema: trashListingSchema } },
      async handle({ query, context, container }) {
        const listing = await container.get(ListTrashUseCase).execute({ limit: query.limit ?? 50 }, context);
        return ok(trashListingStructured(listing));
      },
    }),

    restRoute({
      operationId: 'namespace_stats',
      method: 'GET',
      path: '/v1/stats',
      tag: 'inspection',
      auth: true,
      summary:
        "The namespace's memories counted: in total, private, pinned, per day, per category, per tag, and its history (added, forgotten and the total per day)",
      responses: { 200: { description: 'Statistics', schema: namespaceStatsSchema } },
      async handle({ context, container }) {
        const stats = await container.get(NamespaceOverviewUseCase).execute({}, context);
        return ok(namespaceStatsStructured(stats));
      },
    }),

    restRoute({
      operationId: 'worker_reports',
      method: 'GET',
      path: '/v1/worker/reports',
      tag: 'inspection',
      auth: true,
      summary: "The worker's recent job reports for this namespace, newest first",
      description:
        'Read from the data dir the worker writes to (counts, ids and details; never memory text). limit: default 50, up to 200.',
      query: limitQuery,
      responses: { 200: { description: 'Job reports', schema: workerReportsSchema } },
      async handle({ query, caller }) {
        return ok({ reports: reports.recent(caller.namespace, query.limit ?? 50) });
      },
    }),
  ];
}
