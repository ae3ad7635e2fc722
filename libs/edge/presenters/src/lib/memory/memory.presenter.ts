/**
 * Text forms of the memory operations (behaviour §4.1–§4.4), and the structured views that MCP
 * `structuredContent` and the HTTP API return, so programs never parse text.
 */
import { relativeAge, similarityText, snippet, toSimilarity } from '@kioku/kernel';
import type {
  LinkMemoriesResult,
  Memory,
  RecallResult,
  RememberResult,
  UpdateMemoryResult,
} from '@kioku/memory';
import { composeResponse, notFoundText } from '../shared/compose-response';
import { round2, round4 } from '../shared/rounding';
import type { MemoryView } from '../shared/memory-view.output';
import type { LinkMemoriesOutput, RecallOutput, RememberOutput, UpdateMemoryOutput } from './memory.output';
import type { VariantFor } from '../shared/variant-for';

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

export function rememberStructured<R extends RememberResult>(
  result: R,
): VariantFor<RememberOutput, 'status', R>;
export function rememberStructured(result: RememberResult): RememberOutput {
  if (result.status === 'duplicate') {
    return {
      status: 'duplicate',
      existing: memoryView(result.existing),
      similarity: round2(toSimilarity(result.distance)),
    };
  }
  return {
    status: 'saved',
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

export function recallStructured(result: RecallResult): RecallOutput {
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

export function updateMemoryStructured<R extends UpdateMemoryResult>(
  result: R,
): VariantFor<UpdateMemoryOutput, 'status', R>;
export function updateMemoryStructured(result: UpdateMemoryResult): UpdateMemoryOutput {
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

export function linkMemoriesStructured<R extends LinkMemoriesResult>(
  result: R,
): VariantFor<LinkMemoriesOutput, 'status', R>;
export function linkMemoriesStructured(result: LinkMemoriesResult): LinkMemoriesOutput {
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
