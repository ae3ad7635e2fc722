/**
 * Turns an MCP memory server's knowledge graph into a kioku export section, so that it is imported by
 * the same validated, idempotent path as any export (vectors absent: every memory is embedded).
 *
 * - Each entity becomes one memory: its name and type, then one line per observation and one per
 *   relation it starts (`- works at Acme_Corp`), so recall finds it by any of them. An entity too long
 *   for one memory is split at observation boundaries into parts, linked to its first part.
 * - Each relation becomes a link (type `related`, its relation type as the note, confidence 1) between
 *   the two entities' memories, written both ways; relations of one pair share one link. A relation
 *   naming an entity the file does not hold, or an entity itself, is counted and left out.
 * - Ids derive from the entity name (and part), timestamps from the file's time: importing the same
 *   file again changes nothing, and a newer file's entities show as conflicts (`--overwrite` takes them).
 * Tags: `mcp-memory` and the entity type. Category `observation`. Nothing is private.
 */
import { createHash } from 'node:crypto';
import type { Link } from '@kioku/links';
import { normalizeEmotion, normalizeTags, type Memory } from '@kioku/memory';
import {
  EXPORT_FORMAT_NAME,
  EXPORT_FORMAT_VERSION,
  zeroCounts,
  type ExportLine,
} from '../../domain/export-format';
import type { ImportSource } from '../shared/import-source';
import type { GraphEntity, KnowledgeGraph } from './mcp-memory-graph';

/** Longest memory made from one entity; longer entities are split (recall ranks short texts better). */
const PART_LENGTH = 4_000;
const TAG_LENGTH = 100;
const NOTE_LENGTH = 2_000;

export interface McpMemoryConversionOptions {
  /** The namespace the memories go to. */
  namespace: string;
  /** The instant the memories are dated (the graph file's modification time). */
  at: Date;
  /** The configured embedding model (the import embeds every memory with it). */
  embeddingModel: { id: string; dimension: number };
}

export interface McpMemoryConversionSummary {
  entities: number;
  observations: number;
  relations: number;
  /** Relations left out: an entity they name is not in the file, or they join an entity to itself. */
  relationsLeftOut: number;
  memories: number;
  links: number;
}

export interface McpMemoryConversion {
  source: ImportSource;
  summary: McpMemoryConversionSummary;
}

export function mcpMemoryImportSource(
  graph: KnowledgeGraph,
  options: McpMemoryConversionOptions,
): McpMemoryConversion {
  const at = options.at.toISOString();
  const byName = new Map(graph.entities.map((entity) => [entity.name, entity]));
  const outgoing = groupBy(graph.relations, (relation) => relation.from);
  const memories: Memory[] = [];
  const links = new Map<string, Link>();
  const addLink = (sourceId: string, targetId: string, note: string) => {
    const [a, b] = [sourceId, targetId].sort();
    const key = `${a}>${b}`;
    const known = links.get(key);
    const merged = known ? [...new Set([...known.note.split('; '), note])].join('; ') : note;
    links.set(key, {
      sourceId: a,
      targetId: b,
      type: 'related',
      confidence: 1,
      note: merged.slice(0, NOTE_LENGTH),
      createdAt: at,
    });
  };

  for (const entity of graph.entities) {
    const lines = [
      ...entity.observations.map((o) => `- ${o.trim()}`),
      ...(outgoing.get(entity.name) ?? []).map((r) => `- ${readable(r.relationType)} ${r.to}`),
    ];
    const parts = splitIntoParts(`${entity.name} (${entity.entityType})`, lines);
    const ids = parts.map((_, part) => entityMemoryId(entity.name, part));
    parts.forEach((content, part) => memories.push(memory(ids[part], content, entity, at, options)));
    for (const id of ids.slice(1)) addLink(ids[0], id, 'same entity');
  }

  let relationsLeftOut = 0;
  for (const relation of graph.relations) {
    if (!byName.has(relation.from) || !byName.has(relation.to) || relation.from === relation.to) {
      relationsLeftOut++;
      continue;
    }
    addLink(entityMemoryId(relation.from, 0), entityMemoryId(relation.to, 0), relation.relationType);
  }

  const section: ExportLine[] = [
    {
      type: 'header',
      format: EXPORT_FORMAT_NAME,
      version: EXPORT_FORMAT_VERSION,
      namespace: options.namespace,
      exportedAt: at,
      embeddingModel: options.embeddingModel,
      withVectors: false,
      includesPrivate: false,
    },
    ...memories.map((m): ExportLine => ({ type: 'memory', memory: m })),
    ...[...links.values()].map((link): ExportLine => ({ type: 'link', link })),
    { type: 'trailer', counts: { ...zeroCounts(), memory: memories.length, link: links.size } },
  ];
  const text = section.map((line) => JSON.stringify(line));
  return {
    source: {
      async *lines() {
        yield* text;
      },
    },
    summary: {
      entities: graph.entities.length,
      observations: graph.entities.reduce((sum, e) => sum + e.observations.length, 0),
      relations: graph.relations.length,
      relationsLeftOut,
      memories: memories.length,
      links: links.size,
    },
  };
}

/** `mem_` and 12 hex digits of the entity's name and part: the same every time the file is read. */
export function entityMemoryId(name: string, part: number): string {
  return `mem_${createHash('sha256').update(`mcp-memory\0${name}\0${part}`).digest('hex').slice(0, 12)}`;
}

function memory(
  id: string,
  content: string,
  entity: GraphEntity,
  at: string,
  options: McpMemoryConversionOptions,
): Memory {
  return {
    id,
    content,
    createdAt: at,
    updatedAt: at,
    category: 'observation',
    importance: 3,
    emotion: normalizeEmotion({}),
    tags: normalizeTags(['mcp-memory', entity.entityType.slice(0, TAG_LENGTH)]),
    isPrivate: false,
    accessCount: 0,
    lastAccessedAt: null,
    embeddingModel: options.embeddingModel.id,
  };
}

/** The title, then as many lines as fit in each part (a single longer line is cut to fit). */
function splitIntoParts(title: string, lines: string[]): string[] {
  const parts: string[] = [];
  let current = title;
  for (const line of lines) {
    const fitted = line.slice(0, PART_LENGTH - title.length - 1);
    if (current.length + 1 + fitted.length > PART_LENGTH) {
      parts.push(current);
      current = `${title}, continued`;
    }
    current += `\n${fitted}`;
  }
  parts.push(current);
  return parts;
}

/** `works_at` → `works at`: relation types are identifiers; the memory reads as a sentence. */
function readable(relationType: string): string {
  return relationType.replace(/[_-]+/g, ' ').trim();
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
