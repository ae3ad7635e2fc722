/**
 * The two ways a client reaches the gateway under load, behind one interface: REST (`POST
 * /v1/memories`, `POST /v1/recall`) and MCP Streamable HTTP (one session per client, tools `remember`
 * and `recall`). Both go over undici's `request` with keep-alive, lighter than fetch on the CPU the
 * clients share with the gateway; the MCP client speaks JSON-RPC over Streamable HTTP directly, as
 * load tools do (mcp-json-rpc-session.ts), because the SDK's client was measured at ~3 ms of CPU a
 * call on those shared cores. Answers are reduced to what the load checks need; a failure is an
 * outcome with its reason, never a throw.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { request } from 'undici';
import type { LoadTransport } from './load-options';
import { McpJsonRpcSession } from './mcp-json-rpc-session';

export type RememberOutcome =
  { kind: 'saved'; id: string } | { kind: 'duplicate' } | { kind: 'error'; reason: string };

/** The fields of an answer (REST body or MCP structured content) the load reads; each checked where read. */
interface Answer {
  status?: unknown;
  memory?: { id?: unknown };
  results?: unknown;
}

export type RecallOutcome = { kind: 'found'; ids: string[] } | { kind: 'error'; reason: string };

export interface LoadClient {
  remember(content: string): Promise<RememberOutcome>;
  recall(query: string): Promise<RecallOutcome>;
  close(): Promise<void>;
}

/** Opens a client of the transport for the key (an MCP client opens its session here). */
export async function openLoadClient(
  transport: LoadTransport,
  url: string,
  token: string,
): Promise<LoadClient> {
  return transport === 'rest' ? new RestLoadClient(url, token) : McpLoadClient.open(url, token);
}

/** Times a read refused for now (429, 503) is asked again before the check gives up on it. */
const READ_ATTEMPTS = 5;

/**
 * Whether the memory is readable with the key (`GET /v1/memories/:id`, which counts no access): 200
 * says yes and 404 no. A refusal for now (429, or 503 when the gateway's connection limit is reached
 * right after a run) says nothing of the memory: it is asked again after its Retry-After. Any other
 * answer fails the check rather than counting the memory as lost or crossed.
 */
export async function readable(url: string, token: string, id: string): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${url}/v1/memories/${encodeURIComponent(id)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    if (response.status === 200) return true;
    if (response.status === 404) return false;
    if ((response.status === 429 || response.status === 503) && attempt < READ_ATTEMPTS) {
      const seconds = Number(response.headers.get('retry-after') ?? 1);
      await delay(1000 * Math.min(5, Number.isFinite(seconds) ? seconds : 1));
      continue;
    }
    throw new Error(`reading ${id} back answered ${response.status}: the isolation check cannot tell`);
  }
}

class RestLoadClient implements LoadClient {
  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  async remember(content: string): Promise<RememberOutcome> {
    const { status, body, text } = await this.post('/v1/memories', { content });
    if (status === 201 && typeof body?.memory?.id === 'string') return { kind: 'saved', id: body.memory.id };
    if (status === 200 && body?.status === 'duplicate') return { kind: 'duplicate' };
    return { kind: 'error', reason: `remember ${status} ${text.slice(0, 200)}` };
  }

  async recall(query: string): Promise<RecallOutcome> {
    const { status, body, text } = await this.post('/v1/recall', { query, n_results: 5 });
    if (status === 200 && Array.isArray(body?.results))
      return { kind: 'found', ids: (body.results as { id: string }[]).map((r) => r.id) };
    return { kind: 'error', reason: `recall ${status} ${text.slice(0, 200)}` };
  }

  async close(): Promise<void> {}

  private async post(
    path: string,
    payload: unknown,
  ): Promise<{ status: number; body?: Answer; text: string }> {
    try {
      const response = await request(this.url + path, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      const text = await response.body.text();
      let body: Answer | undefined;
      try {
        body = JSON.parse(text) as Answer;
      } catch {
        body = undefined;
      }
      return { status: response.statusCode, body, text };
    } catch (error) {
      return { status: 0, text: error instanceof Error ? error.message : String(error) };
    }
  }
}

export class McpLoadClient implements LoadClient {
  private constructor(private readonly session: McpJsonRpcSession) {}

  static async open(url: string, token: string): Promise<McpLoadClient> {
    return new McpLoadClient(await McpJsonRpcSession.open(url, token));
  }

  async remember(content: string): Promise<RememberOutcome> {
    const answer = await this.call('remember', { content });
    if ('reason' in answer) return { kind: 'error', reason: `remember ${answer.reason}` };
    const { structured } = answer;
    if (structured?.status === 'saved' && typeof structured.memory?.id === 'string')
      return { kind: 'saved', id: structured.memory.id };
    if (structured?.status === 'duplicate') return { kind: 'duplicate' };
    return {
      kind: 'error',
      reason: `remember: unexpected answer ${JSON.stringify(structured).slice(0, 200)}`,
    };
  }

  async recall(query: string): Promise<RecallOutcome> {
    const answer = await this.call('recall', { query, n_results: 5 });
    if ('reason' in answer) return { kind: 'error', reason: `recall ${answer.reason}` };
    const results = answer.structured?.results;
    if (!Array.isArray(results))
      return {
        kind: 'error',
        reason: `recall: unexpected answer ${JSON.stringify(answer.structured).slice(0, 200)}`,
      };
    return { kind: 'found', ids: (results as { id: string }[]).map((r) => r.id) };
  }

  /** `remember_batch`: how many of the contents were saved (an error saves nothing it reports). */
  async rememberBatch(contents: string[]): Promise<{ saved: number } | { reason: string }> {
    const answer = await this.call('remember_batch', { memories: contents.map((content) => ({ content })) });
    if ('reason' in answer) return { reason: `remember_batch ${answer.reason}` };
    const results = answer.structured?.results;
    if (!Array.isArray(results)) return { reason: 'remember_batch: unexpected answer' };
    return { saved: (results as { status: string }[]).filter((r) => r.status === 'saved').length };
  }

  /** Ends the session on the server too (DELETE), so runs one after another never fill its session table. */
  async close(): Promise<void> {
    await this.session.close();
  }

  private async call(
    name: string,
    args: Record<string, unknown>,
  ): Promise<{ structured?: Answer } | { reason: string }> {
    const answer = await this.session.request('tools/call', { name, arguments: args });
    if ('reason' in answer) return answer;
    const result = answer.result as
      { isError?: unknown; content?: unknown; structuredContent?: unknown } | undefined;
    if (result?.isError) {
      const content = Array.isArray(result.content) ? (result.content as { text?: unknown }[]) : [];
      return {
        reason: `tool error: ${content
          .map((c) => (typeof c.text === 'string' ? c.text : ''))
          .join(' ')
          .slice(0, 200)}`,
      };
    }
    return { structured: result?.structuredContent as Answer | undefined };
  }
}
