/**
 * A WIRE STUB, NOT A QDRANT BACKEND: an in-process node:http server that answers the REST calls the
 * real QdrantVectorStore sends while an import writes and an export reads, in Qdrant's envelope
 * (`{status, time, result}`). It keeps created collections and upserted points so that reads
 * (retrieve by id, scroll in id order — filtered by exact payload matches only —, unfiltered count)
 * return what was written; similarity and BM25 queries return nothing; any other call fails with 400
 * naming it, so a test never passes on an answer the stub made up. It proves what the adapter sends
 * and that its own reads decode it, nothing about Qdrant's behaviour (no Qdrant can run here).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type PointId = string | number;
interface Point {
  id: PointId;
  payload?: Record<string, unknown>;
  vector?: unknown;
}
interface Collection {
  config: Record<string, unknown>;
  points: Map<string, Point>;
}

const ok = (result: unknown) => ({ status: 200, body: { status: 'ok', time: 0.0001, result } });
const fail = (status: number, error: string) => ({ status, body: { status: { error }, time: 0.0001 } });

export class QdrantPointsStub {
  readonly collections = new Map<string, Collection>();
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const path = (request.url ?? '').split('?')[0];
        const reply = this.answer(request.method ?? '', path, text ? (JSON.parse(text) as Body) : {});
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The payloads of a collection's points, in id order. */
  payloads(collection: string): Record<string, unknown>[] {
    return this.sorted(this.collections.get(collection)).map((p) => p.payload ?? {});
  }

  private answer(method: string, path: string, body: Body): { status: number; body: unknown } {
    if (method === 'GET' && path === '/collections')
      return ok({ collections: [...this.collections.keys()].map((name) => ({ name })) });
    const match = /^\/collections\/([^/]+)(\/.*)?$/.exec(path);
    if (!match) return fail(400, `stub: no answer for ${method} ${path}`);
    const name = decodeURIComponent(match[1]);
    const rest = match[2] ?? '';
    const collection = this.collections.get(name);
    if (rest === '' && method === 'PUT') {
      this.collections.set(name, { config: body as Record<string, unknown>, points: new Map() });
      return ok(true);
    }
    if (!collection) return fail(404, `Not found: Collection \`${name}\` doesn't exist!`);
    const done = ok({ operation_id: 1, status: 'completed' });
    switch (`${method} ${rest}`) {
      case 'GET ':
        return ok(collectionInfo(collection));
      case 'DELETE ':
        this.collections.delete(name);
        return ok(true);
      case 'PUT /index':
        return done;
      case 'PUT /points':
        this.upsert(collection, body.points ?? []);
        return done;
      case 'POST /points/batch':
        for (const operation of body.operations ?? []) {
          if (!operation.upsert)
            return fail(400, `stub: no answer for batch ${Object.keys(operation).join()}`);
          this.upsert(collection, operation.upsert.points);
        }
        return ok((body.operations ?? []).map(() => ({ operation_id: 1, status: 'completed' })));
      case 'POST /points':
        return ok(
          (body.ids ?? []).flatMap((id) => {
            const point = collection.points.get(String(id));
            return point ? [view(point, body.with_vector === true)] : [];
          }),
        );
      case 'POST /points/scroll':
        if (body.filter && !isSimple(body.filter))
          return fail(400, `stub: no answer for the filter ${JSON.stringify(body.filter)}`);
        return ok(this.scroll(collection, body));
      case 'POST /points/count':
        if (body.filter) return fail(400, 'stub: filtered count is not answered');
        return ok({ count: collection.points.size });
      case 'POST /points/query':
        return ok({ points: [] });
      default:
        return fail(400, `stub: no answer for ${method} ${path}`);
    }
  }

  private upsert(collection: Collection, points: Point[]): void {
    for (const point of points) collection.points.set(String(point.id), point);
  }

  private scroll(collection: Collection, body: Body) {
    const sorted = this.sorted(collection).filter(
      (p) => !body.filter || matches(p, body.filter as Condition),
    );
    const start =
      body.offset === undefined || body.offset === null
        ? 0
        : sorted.findIndex((p) => String(p.id) === String(body.offset));
    const limit = body.limit ?? 10;
    const page = sorted.slice(Math.max(0, start), Math.max(0, start) + limit);
    const next = sorted[Math.max(0, start) + limit];
    return {
      points: page.map((p) => view(p, body.with_vector === true)),
      next_page_offset: next ? next.id : null,
    };
  }

  private sorted(collection: Collection | undefined): Point[] {
    return [...(collection?.points.values() ?? [])].sort((a, b) => String(a.id).localeCompare(String(b.id)));
  }
}

interface Body {
  points?: Point[];
  operations?: { upsert?: { points: Point[] } }[];
  ids?: PointId[];
  with_vector?: unknown;
  filter?: unknown;
  offset?: PointId | null;
  limit?: number;
}

function view(point: Point, withVector: boolean): Point {
  return { id: point.id, payload: point.payload, ...(withVector ? { vector: point.vector } : {}) };
}

function collectionInfo(collection: Collection): unknown {
  return {
    status: 'green',
    optimizer_status: 'ok',
    segments_count: 1,
    points_count: collection.points.size,
    config: {
      params: { shard_number: 1, replication_factor: 1, ...collection.config },
      hnsw_config: { m: 16, ef_construct: 100, full_scan_threshold: 10000 },
      optimizer_config: {},
      ...(collection.config['metadata'] ? { metadata: collection.config['metadata'] } : {}),
    },
    payload_schema: {},
  };
}

/** The filters the stub evaluates: `must` / `should` / `must_not` of `key` + `match.value|any`. */
interface Condition {
  must?: Condition[];
  should?: Condition[];
  must_not?: Condition[];
  key?: string;
  match?: { value?: unknown; any?: unknown[] };
}

function isSimple(filter: unknown): boolean {
  const c = filter as Condition;
  const nested = [...(c.must ?? []), ...(c.should ?? []), ...(c.must_not ?? [])];
  const keys = Object.keys(c).filter((k) => !['must', 'should', 'must_not', 'key', 'match'].includes(k));
  if (keys.length > 0) return false;
  if (
    c.key !== undefined &&
    (c.match === undefined || (c.match.value === undefined && c.match.any === undefined))
  )
    return false;
  return nested.every(isSimple);
}

function matches(point: Point, c: Condition): boolean {
  if (c.key !== undefined) {
    const value = point.payload?.[c.key];
    return c.match?.any ? c.match.any.includes(value) : value === c.match?.value;
  }
  return (
    (c.must ?? []).every((x) => matches(point, x)) &&
    (c.should === undefined || c.should.length === 0 || c.should.some((x) => matches(point, x))) &&
    !(c.must_not ?? []).some((x) => matches(point, x))
  );
}
