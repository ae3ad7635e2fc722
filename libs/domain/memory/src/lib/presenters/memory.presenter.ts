/**
 * Text forms of the memory operations (behaviour §4.1–§4.4), and the structured views that MCP
 * `structuredContent` and the HTTP API return, so programs never parse text.
 */
import { relativeAge, similarityText, snippet, toSimilarity } from '@kioku/kernel';
import type { Memory } from '../domain/memory';
import type { RememberResult } from '../application/remember/remember.use-case';
import type { RecallResult } from '../application/recall/recall.use-case';
import type { UpdateMemoryResult } from '../application/update-memory/update-memory.use-case';
import type { LinkMemoriesResult } from '../application/link-memories/link-memories.use-case';
import { composeResponse, notFoundText } from './compose-response';

export interface MemoryView {
  id: string;
  content: string;
  createdAt: string;
  updatedAt: string;
  category: string;
  importance: number;
  emotion: { primary: string; secondary: string[]; intensity: number; valence: number; arousal: number };
  tags: string[];
  private: boolean;
  accessCount: number;
  lastAccessedAt: string | null;
}

export function memoryView(memory: Memory): MemoryView {
  return {
    id: memory.id,
    content: memory.content,
    createdAt: memory.createdAt,
    updatedAt: memory.updatedAt,
    category: memory.category,
    importance: memory.importance,
    emotion: { ...memory.emotion, secondary: [...memory.emotion.secondary] },
    tags: [...memory.tags],
    private: memory.isPrivate,
    accessCount: memory.accessCount,
    lastAccessedAt: memory.lastAccessedAt,
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

export function rememberText(result: RememberResult, now: Date): string {
  if (result.status === 'duplicate') {
    const e = result.existing;
    return composeResponse(
      'Not saved — very similar memory already exists.\n' +
        `Existing (id: ${e.id}, ${relativeAge(new Date(e.createdAt), now)}): ${snippet(e.content, 120)}\n` +
        `Similarity: ${similarityText(result.distance)}\n` +
        'If this is a meaningful update, use recall to review the existing memory and consider whether the new perspective adds value.',
      'Is there truly something new here, or is this a repetition?\n' +
        'If your understanding has deepened, try expressing what changed specifically.',
    );
  }
  const lines = [
    result.memory.isPrivate
      ? `Saved privately (id: ${result.memory.id}).`
      : `Saved (id: ${result.memory.id}).`,
  ];
  if (result.linked.length > 0) {
    lines.push(`Linked to ${result.linked.length} existing memories.`);
    for (const l of result.linked.slice(0, 3)) {
      lines.push(
        `- [${relativeAge(new Date(l.memory.createdAt), now)}] ${snippet(l.memory.content, 70)} (similarity: ${similarityText(l.distance)})`,
      );
    }
  }
  return composeResponse(
    lines.join('\n'),
    'Do any of these connections surprise you? Is there a pattern forming?',
  );
}

export function rememberStructured(result: RememberResult) {
  if (result.status === 'duplicate') {
    return {
      status: 'duplicate' as const,
      existing: memoryView(result.existing),
      similarity: round2(toSimilarity(result.distance)),
    };
  }
  return {
    status: 'saved' as const,
    memory: memoryView(result.memory),
    linked: result.linked.map((l) => ({
      id: l.memory.id,
      similarity: round2(toSimilarity(l.distance)),
      private: l.memory.isPrivate,
    })),
  };
}

export function recallText(result: RecallResult, now: Date): string {
  if (result.results.length === 0) return 'No related memories found.';
  const count = result.results.length;
  const lines = [`${count} related ${count === 1 ? 'memory' : 'memories'}:`];
  result.results.forEach((r, i) => {
    const m = r.memory;
    lines.push(
      `${i + 1}. [${relativeAge(new Date(m.createdAt), now)}] ${m.content} ` +
        `(id: ${m.id}, emotion: ${m.emotion.primary}, importance: ${m.importance}, similarity: ${r.similarity.toFixed(2)}, private: ${m.isPrivate})`,
    );
  });
  return composeResponse(lines.join('\n'), 'How do these memories connect to the current moment?');
}

export function recallStructured(result: RecallResult) {
  return {
    results: result.results.map((r) => ({
      ...memoryView(r.memory),
      similarity: round2(r.similarity),
      score: round4(r.score),
      source: r.source,
    })),
  };
}

export function updateMemoryText(result: UpdateMemoryResult): string {
  switch (result.status) {
    case 'not_found':
      return notFoundText(result.memoryId);
    case 'unchanged':
      return `Nothing changed (id: ${result.memory.id}).`;
    case 'updated': {
      const lines = [`Updated (id: ${result.memory.id}): ${result.changed.join(', ')}.`];
      if (result.changed.includes('importance')) {
        const pinned = result.memory.importance === 5;
        const wasPinned = result.before.importance === 5;
        if (pinned !== wasPinned) lines.push(pinned ? 'Pinned: protected from forgetting.' : 'Unpinned.');
      }
      if (result.changed.includes('private')) {
        lines.push(
          result.memory.isPrivate ? 'Now private: kept out of workspace files and logs.' : 'Now public.',
        );
      }
      if (result.changed.includes('content'))
        lines.push(`Re-embedded and re-linked to ${result.relinked} similar memories.`);
      return lines.join('\n');
    }
  }
}

export function updateMemoryStructured(result: UpdateMemoryResult) {
  switch (result.status) {
    case 'not_found':
      return { status: result.status, memoryId: result.memoryId };
    case 'unchanged':
      return { status: result.status, memory: memoryView(result.memory) };
    case 'updated':
      return {
        status: result.status,
        memory: memoryView(result.memory),
        changed: result.changed,
        relinked: result.relinked,
      };
  }
}

export function linkMemoriesText(result: LinkMemoriesResult): string {
  switch (result.status) {
    case 'linked':
      return `Linked ${result.link.sourceId} ↔ ${result.link.targetId} (type: ${result.link.type})`;
    case 'exists':
      return `Link already exists: ${result.sourceId} ↔ ${result.targetId} (type: ${result.type})`;
    case 'not_found':
      return notFoundText(result.missingIds.join(', '));
  }
}

export function linkMemoriesStructured(result: LinkMemoriesResult) {
  switch (result.status) {
    case 'linked':
      return {
        status: result.status,
        sourceId: result.link.sourceId,
        targetId: result.link.targetId,
        type: result.link.type,
        confidence: result.link.confidence,
        memories: result.memories.map((m) => ({ id: m.id, private: m.isPrivate })),
      };
    case 'exists':
      return {
        status: result.status,
        sourceId: result.sourceId,
        targetId: result.targetId,
        type: result.type,
        memories: result.memories.map((m) => ({ id: m.id, private: m.isPrivate })),
      };
    case 'not_found':
      return { status: result.status, missingIds: result.missingIds };
  }
}
