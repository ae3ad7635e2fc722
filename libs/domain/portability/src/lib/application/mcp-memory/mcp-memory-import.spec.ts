/**
 * Importing the official MCP memory server's knowledge graph (docs/examples/mcp-memory.jsonl, the
 * README's example): entities become memories that recall finds by their observations and relations,
 * relations become links both ways, the same file again changes nothing, and a bad line is refused
 * with its number before anything is written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createForgettingTestKit } from '@kioku/forgetting/testing';
import { LinkRepository } from '@kioku/links';
import { MemoryRepository, RecallUseCase } from '@kioku/memory';
import { portabilityModule } from '../../portability.module';
import { ImportNamespaceUseCase } from '../import-namespace/import-namespace.use-case';
import { textImportSource } from '../shared/import-source';
import { readKnowledgeGraph } from './mcp-memory-graph';
import { entityMemoryId, mcpMemoryImportSource } from './mcp-memory-import-source';

const NS = 'graph';
const AT = new Date('2026-11-20T08:00:00.000Z');
const EXAMPLE = readFileSync(join(__dirname, '../../../../../../../docs/examples/mcp-memory.jsonl'), 'utf8');

async function importGraph(k: ReturnType<typeof createForgettingTestKit>, text: string) {
  const graph = await readKnowledgeGraph(textImportSource(text).lines());
  const { modelId: id, dimension } = k.embeddings;
  const conversion = mcpMemoryImportSource(graph, {
    namespace: NS,
    at: AT,
    embeddingModel: { id, dimension },
  });
  const report = await k.container.get(ImportNamespaceUseCase).execute({ source: conversion.source });
  return { summary: conversion.summary, report };
}

async function allMemories(k: ReturnType<typeof createForgettingTestKit>) {
  const memories = [];
  for await (const page of k.container.get(MemoryRepository).pages(NS, 100)) memories.push(...page);
  return memories;
}

describe('import of an MCP memory server graph', () => {
  const john = entityMemoryId('John_Smith', 0);
  const anthropic = entityMemoryId('Anthropic', 0);
  const trip = entityMemoryId('Kyoto_Trip', 0);

  it('makes one memory per entity, with its observations and the relations it starts', async () => {
    const k = createForgettingTestKit({ modules: [portabilityModule()] });
    const { summary, report } = await importGraph(k, EXAMPLE);
    expect(summary).toEqual({
      entities: 3,
      observations: 7,
      relations: 2,
      relationsLeftOut: 0,
      memories: 3,
      links: 2,
    });
    expect(report.namespaces[0]).toMatchObject({ namespace: NS, vectors: 'reembedded' });
    const memories = await allMemories(k);
    expect(memories.map((m) => m.id).sort()).toEqual([john, anthropic, trip].sort());
    const johnMemory = memories.find((m) => m.id === john)!;
    expect(johnMemory.content).toBe(
      'John_Smith (person)\n- Speaks fluent Spanish\n- Graduated in 2019\n- Prefers morning meetings\n' +
        '- Has a dog called Miso\n- works at Anthropic\n- is planning Kyoto_Trip',
    );
    expect(johnMemory).toMatchObject({
      category: 'observation',
      tags: ['mcp-memory', 'person'],
      isPrivate: false,
      createdAt: AT.toISOString(),
      embeddingModel: k.embeddings.modelId,
    });
  });

  it('turns relations into links both ways, with the relation type as the note', async () => {
    const k = createForgettingTestKit({ modules: [portabilityModule()] });
    await importGraph(k, EXAMPLE);
    const links = await k.container.get(LinkRepository).linksFrom(NS, [john, anthropic]);
    expect(links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sourceId: john, targetId: anthropic, note: 'works_at', type: 'related' }),
        expect.objectContaining({ sourceId: anthropic, targetId: john, note: 'works_at', type: 'related' }),
        expect.objectContaining({ sourceId: john, targetId: trip, note: 'is_planning' }),
      ]),
    );
  });

  it('lets recall find an entity by an observation and by a relation', async () => {
    const k = createForgettingTestKit({ modules: [portabilityModule()] });
    await importGraph(k, EXAMPLE);
    const recall = k.container.get(RecallUseCase);
    const context = { namespace: NS, callerId: 'test' };
    const byObservation = await recall.execute({ query: 'who has a dog called Miso?', limit: 3 }, context);
    expect(byObservation.results[0]?.memory.id).toBe(john);
    const byPlace = await recall.execute({ query: 'temples in Arashiyama', limit: 3 }, context);
    expect(byPlace.results[0]?.memory.id).toBe(trip);
  });

  it('changes nothing when the same file is imported again', async () => {
    const k = createForgettingTestKit({ modules: [portabilityModule()] });
    await importGraph(k, EXAMPLE);
    const again = await importGraph(k, EXAMPLE);
    expect(again.report.written).toBe(0);
    expect(again.report.namespaces[0].outcomes.memory).toMatchObject({ created: 0, unchanged: 3 });
  });

  it('leaves out relations to unknown entities and to the entity itself, and splits a long entity', async () => {
    const k = createForgettingTestKit({ modules: [portabilityModule()] });
    const observations = Array.from({ length: 60 }, (_, i) => `Observation number ${i} ${'x'.repeat(90)}`);
    const text = [
      JSON.stringify({ type: 'entity', name: 'Notebook', entityType: 'thing', observations }),
      JSON.stringify({ type: 'relation', from: 'Notebook', to: 'Nobody', relationType: 'belongs_to' }),
      JSON.stringify({ type: 'relation', from: 'Notebook', to: 'Notebook', relationType: 'is' }),
    ].join('\n');
    const { summary } = await importGraph(k, text);
    expect(summary).toMatchObject({ relationsLeftOut: 2, memories: 2, links: 1 });
    const memories = await allMemories(k);
    expect(memories.every((m) => m.content.length <= 4_000)).toBe(true);
    expect(memories.map((m) => m.content).join('\n')).toContain('Observation number 59');
    const [first, second] = [entityMemoryId('Notebook', 0), entityMemoryId('Notebook', 1)];
    expect(await k.container.get(LinkRepository).linksFrom(NS, [second])).toEqual([
      expect.objectContaining({ sourceId: second, targetId: first, note: 'same entity' }),
    ]);
  });

  it.each([
    ['not JSON', '{"type":"entity"', /^Line 3: not a JSON object/],
    ['an unknown type', '{"type":"observation","name":"x"}', /^Line 3: type: must be "entity" or "relation"/],
    ['a missing field', '{"type":"relation","from":"a","to":"b"}', /^Line 3: relationType: /],
  ])('refuses %s with the line number, and writes nothing', async (_, bad, message) => {
    const k = createForgettingTestKit({ modules: [portabilityModule()] });
    const lines = EXAMPLE.trim().split('\n');
    lines.splice(2, 0, bad);
    await expect(importGraph(k, lines.join('\n'))).rejects.toThrow(message);
    expect(await allMemories(k)).toEqual([]);
  });
});
