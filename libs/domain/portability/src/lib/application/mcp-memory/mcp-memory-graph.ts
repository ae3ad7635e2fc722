/**
 * The knowledge graph of the official MCP memory server (`@modelcontextprotocol/server-memory`): a
 * JSON Lines file (`memory.jsonl`; older versions `memory.json`) of entities — a unique name, a type
 * and a list of observations — and relations — `from` entity, `to` entity, a relation type in active
 * voice. Fields other servers add are ignored. Every problem names the line; values are not quoted.
 */
import { z } from 'zod';
import { ExportFormatError } from '../format/export-format.errors';

const name = z.string().trim().min(1).max(500);

const entitySchema = z.object({
  type: z.literal('entity'),
  name,
  entityType: name,
  observations: z.array(z.string().max(20_000)),
});

const relationSchema = z.object({
  type: z.literal('relation'),
  from: name,
  to: name,
  relationType: name,
});

export type GraphEntity = z.infer<typeof entitySchema>;
type GraphRelation = z.infer<typeof relationSchema>;

export interface KnowledgeGraph {
  entities: GraphEntity[];
  relations: GraphRelation[];
}

/** Reads the graph's lines; an entity named twice keeps both lists of observations (the server appends). */
export async function readKnowledgeGraph(lines: AsyncIterable<string>): Promise<KnowledgeGraph> {
  const entities = new Map<string, GraphEntity>();
  const relations: GraphRelation[] = [];
  let number = 0;
  for await (const raw of lines) {
    number++;
    if (raw.trim() === '') continue;
    const item = parseLine(raw, number);
    if (item.type === 'entity') {
      const known = entities.get(item.name);
      if (known) known.observations.push(...item.observations);
      else entities.set(item.name, { ...item, observations: [...item.observations] });
    } else {
      relations.push(item);
    }
  }
  if (number === 0) throw new ExportFormatError(1, 'the file is empty: no entity or relation');
  return { entities: [...entities.values()], relations };
}

function parseLine(raw: string, line: number): GraphEntity | GraphRelation {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ExportFormatError(
      line,
      'not a JSON object (an MCP memory file has one entity or relation per line)',
    );
  }
  const kind = (value as { type?: unknown } | null)?.type;
  const schema = kind === 'entity' ? entitySchema : kind === 'relation' ? relationSchema : undefined;
  if (!schema) throw new ExportFormatError(line, 'type: must be "entity" or "relation"');
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ExportFormatError(line, issue.message, issue.path.join('.') || undefined);
}
