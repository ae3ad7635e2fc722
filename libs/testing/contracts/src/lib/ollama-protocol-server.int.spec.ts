/** The Ollama protocol stand-in answers with Ollama's shapes and records what it receives. */
import { startOllamaProtocolServer, type OllamaProtocolServer } from './ollama-protocol-server';

/** A tiny backing embedder: [length, index in batch]. */
const embed = async (texts: string[]) => texts.map((text, index) => [text.length, index]);

describe('startOllamaProtocolServer', () => {
  let server: OllamaProtocolServer;

  beforeEach(async () => {
    server = await startOllamaProtocolServer({
      embed,
      models: ['nomic-embed-text', 'mxbai-embed-large:335m'],
    });
  });

  afterEach(() => server.stop());

  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('listens on a loopback address', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers POST /api/embed with Ollama’s response shape, one vector per input in order', async () => {
    const response = await post('/api/embed', { model: 'nomic-embed-text', input: ['a', 'bbb', 'cc'] });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      model: 'nomic-embed-text',
      embeddings: [
        [1, 0],
        [3, 1],
        [2, 2],
      ],
      total_duration: expect.any(Number),
      load_duration: 0,
      prompt_eval_count: 3,
    });
  });

  it('accepts a single string input and resolves an untagged name to :latest', async () => {
    const response = await post('/api/embed', { model: 'nomic-embed-text:latest', input: 'hello there' });
    expect(await response.json()).toMatchObject({ embeddings: [[11, 0]], prompt_eval_count: 2 });
  });

  it('answers an empty input with no vectors, without calling the embedder', async () => {
    const response = await post('/api/embed', { model: 'nomic-embed-text', input: [] });
    expect(await response.json()).toMatchObject({ embeddings: [] });
  });

  it('answers 404 with Ollama’s message for a model it does not have', async () => {
    const response = await post('/api/embed', { model: 'all-minilm', input: ['x'] });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'model "all-minilm" not found, try pulling it first' });
    const tagged = await post('/api/embed', { model: 'mxbai-embed-large', input: ['x'] });
    expect(tagged.status).toBe(404);
  });

  it('answers 400 for a request without a model, with a bad input type, or with a body that is not JSON', async () => {
    expect((await post('/api/embed', { input: ['x'] })).status).toBe(400);
    expect((await post('/api/embed', { model: 'nomic-embed-text', input: [1, 2] })).status).toBe(400);
    expect((await post('/api/embed', '{not json')).status).toBe(400);
  });

  it('lists its models on GET /api/tags', async () => {
    const body = (await (await fetch(`${server.url}/api/tags`)).json()) as { models: { name: string }[] };
    expect(body.models.map((model) => model.name)).toEqual([
      'nomic-embed-text:latest',
      'mxbai-embed-large:335m',
    ]);
  });

  it('answers GET / like Ollama and unknown routes with a plain-text 404', async () => {
    expect(await (await fetch(server.url)).text()).toBe('Ollama is running');
    const missing = await fetch(`${server.url}/api/embeddings-v9`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('text/plain');
  });

  it('turns an embedder failure into HTTP 500 with the error text', async () => {
    await server.stop();
    server = await startOllamaProtocolServer({ embed: () => Promise.reject(new Error('runner crashed')) });
    const response = await post('/api/embed', { model: 'nomic-embed-text', input: ['x'] });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'runner crashed' });
  });

  it('records every request with its parsed body, and lists the embed bodies', async () => {
    await post('/api/embed', { model: 'nomic-embed-text', input: ['a', 'b'], truncate: true });
    await fetch(`${server.url}/api/tags?x=1`);
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/embed',
      'GET /api/tags',
    ]);
    expect(server.requests[0].headers['content-type']).toBe('application/json');
    expect(server.embedRequests()).toEqual([
      { model: 'nomic-embed-text', input: ['a', 'b'], truncate: true },
    ]);
  });

  it('stops (twice without harm), cutting requests that are still waiting', async () => {
    await server.stop();
    server = await startOllamaProtocolServer({ embed: () => new Promise<number[][]>(() => undefined) });
    const pending = post('/api/embed', { model: 'nomic-embed-text', input: ['x'] });
    await waitFor(() => server.requests.length === 1);
    await Promise.all([server.stop(), server.stop()]);
    await expect(pending).rejects.toThrow('fetch failed');
    await expect(fetch(server.url)).rejects.toThrow('fetch failed');
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
