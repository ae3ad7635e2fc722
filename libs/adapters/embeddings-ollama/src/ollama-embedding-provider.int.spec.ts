/**
 * OllamaEmbeddingProvider over real HTTP against the Ollama protocol stand-in (backed here by a fast
 * deterministic embedder; the contract runner uses the real local model): batching and coalescing,
 * order, normalisation, the dimension check in init(), and clear errors for every way the server can
 * fail, none of which may reveal the URL's credentials.
 */
import 'reflect-metadata';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Container } from 'inversify';
import { EMBEDDINGS_TOKENS } from '@kioku/embeddings';
import { startOllamaProtocolServer, type OllamaProtocolServer } from '@kioku/testing-contracts';
import { DeterministicEmbeddingProvider } from '@kioku/testing-fakes';
import { embeddingsOllamaModule } from './lib/embeddings-ollama.module';
import {
  OllamaEmbeddingProvider,
  type OllamaEmbeddingProviderOptions,
} from './lib/ollama-embedding-provider.adapter';

const MODEL = 'nomic-embed-text';
const DIMENSION = 24;
const fake = new DeterministicEmbeddingProvider({ dimension: DIMENSION });
const fakeEmbed = (texts: string[]) => fake.embed(texts);

const servers: OllamaProtocolServer[] = [];
const rawServers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  await Promise.all(rawServers.splice(0).map(closeRawServer));
  jest.restoreAllMocks();
});

async function startServer(
  embed: (texts: string[]) => Promise<number[][]> = fakeEmbed,
  models: string[] = [MODEL],
): Promise<OllamaProtocolServer> {
  const server = await startOllamaProtocolServer({ embed, models });
  servers.push(server);
  return server;
}

function providerFor(
  server: { url: string },
  options: Partial<OllamaEmbeddingProviderOptions> = {},
): OllamaEmbeddingProvider {
  return new OllamaEmbeddingProvider({ url: server.url, model: MODEL, ...options });
}

const texts = (count: number, prefix = 'memory') =>
  Array.from({ length: count }, (_, index) => `${prefix} ${index}: the user likes tea number ${index}`);

describe('OllamaEmbeddingProvider', () => {
  describe('identity and options', () => {
    it('names its vector space ollama:<model>, treating the implicit :latest tag as the same model', () => {
      const server = { url: 'http://127.0.0.1:11434' };
      expect(providerFor(server).modelId).toBe('ollama:nomic-embed-text');
      expect(providerFor(server, { model: 'nomic-embed-text:latest' }).modelId).toBe(
        'ollama:nomic-embed-text',
      );
      expect(providerFor(server, { model: 'mxbai-embed-large:335m' }).modelId).toBe(
        'ollama:mxbai-embed-large:335m',
      );
    });

    it('leaves calibrated thresholds unset unless configured', () => {
      const server = { url: 'http://127.0.0.1:11434' };
      expect(providerFor(server).calibratedThresholds).toBeUndefined();
      const thresholds = { dedupDistance: 0.08, mergeDistance: 0.15, linkDistance: 0.35 };
      expect(providerFor(server, { calibratedThresholds: thresholds }).calibratedThresholds).toEqual(
        thresholds,
      );
    });

    it.each<[string, Partial<OllamaEmbeddingProviderOptions>]>([
      ['an empty model', { model: '  ' }],
      ['a URL that does not parse', { url: 'http://alice:s3cret@[::1' }],
      ['a URL without http(s)', { url: 'localhost:11434' }],
      ['a zero timeout', { timeoutMs: 0 }],
      ['a fractional dimension', { dimension: 76.8 }],
      ['a zero batch size', { maxBatchSize: 0 }],
      [
        'thresholds out of order',
        { calibratedThresholds: { dedupDistance: 0.3, mergeDistance: 0.2, linkDistance: 0.4 } },
      ],
    ])('rejects %s with CONFIG_INVALID, without repeating credentials', (_case, options) => {
      let thrown: unknown;
      try {
        providerFor({ url: 'http://127.0.0.1:11434' }, options);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ name: 'AppError', code: 'CONFIG_INVALID' });
      expect((thrown as Error).message).not.toMatch(/s3cret|alice/);
    });
  });

  describe('dimension', () => {
    it('is learned in init() from a probe embedding, and unknown before', async () => {
      const server = await startServer();
      const provider = providerFor(server);
      expect(() => provider.dimension).toThrow(/not known before init\(\)/);
      await provider.init();
      expect(provider.dimension).toBe(DIMENSION);
      expect(server.embedRequests()).toEqual([
        { model: MODEL, input: ['kioku embedding dimension probe'], truncate: true },
      ]);
    });

    it('shares one probe between concurrent and repeated init() calls', async () => {
      const server = await startServer();
      const provider = providerFor(server);
      await Promise.all([provider.init(), provider.init(), provider.init()]);
      await provider.init();
      expect(server.embedRequests()).toHaveLength(1);
    });

    it('initialises on the first embed() when init() was not called', async () => {
      const server = await startServer();
      const provider = providerFor(server);
      const [vector] = await provider.embed(['hello']);
      expect(vector).toHaveLength(DIMENSION);
      expect(provider.dimension).toBe(DIMENSION);
    });

    it('accepts a configured dimension (known at once) that matches the model', async () => {
      const server = await startServer();
      const provider = providerFor(server, { dimension: DIMENSION });
      expect(provider.dimension).toBe(DIMENSION);
      await provider.init();
      expect(provider.dimension).toBe(DIMENSION);
    });

    it('rejects a configured dimension the model does not produce, naming both lengths and the model', async () => {
      const server = await startServer();
      const provider = providerFor(server, { dimension: 768 });
      const error = await failureOf(provider.init());
      expect(error).toMatchObject({
        name: 'AppError',
        code: 'MODEL_MISMATCH',
        details: { model: MODEL, expectedDimension: 768, actualDimension: DIMENSION },
      });
      expect(error.message).toContain(`"${MODEL}" returned ${DIMENSION}-dimensional vectors`);
      expect(error.message).toContain('768 dimensions were configured');
      await expect(provider.embed(['hello'])).rejects.toMatchObject({ code: 'MODEL_MISMATCH' });
    });

    it('rejects vectors whose length changed after init (the model was replaced on the server)', async () => {
      let dimension = DIMENSION;
      const server = await startServer(async (batch) =>
        batch.map(() => Array.from({ length: dimension }, (_, index) => index + 1)),
      );
      const provider = providerFor(server);
      await provider.init();
      dimension = 1024;
      await expect(provider.embed(['hello'])).rejects.toMatchObject({
        code: 'MODEL_MISMATCH',
        message: expect.stringContaining('learned when the provider started'),
      });
    });

    it('retries a failed probe on the next init()', async () => {
      let failures = 1;
      const server = await startServer(async (batch) => {
        if (failures-- > 0) throw new Error('model is still loading');
        return fakeEmbed(batch);
      });
      const provider = providerFor(server);
      await expect(provider.init()).rejects.toMatchObject({ code: 'EMBEDDING_UNAVAILABLE' });
      await provider.init();
      expect(provider.dimension).toBe(DIMENSION);
    });
  });

  describe('batching', () => {
    it('sends N texts in ceil(N / 64) requests of at most 64, and keeps their order', async () => {
      const server = await startServer();
      const provider = providerFor(server);
      await provider.init();
      server.requests.length = 0;
      const input = texts(150);
      const vectors = await provider.embed(input);
      expect(server.embedRequests().map((body) => body.input.length)).toEqual([64, 64, 22]);
      expect(server.embedRequests().flatMap((body) => body.input)).toEqual(input);
      expectSameVectors(vectors, await fake.embed(input));
    });

    it('honours a configured batch size', async () => {
      const server = await startServer();
      const provider = providerFor(server, { maxBatchSize: 10 });
      await provider.init();
      server.requests.length = 0;
      await provider.embed(texts(25));
      expect(server.embedRequests().map((body) => body.input.length)).toEqual([10, 10, 5]);
    });

    it('coalesces concurrent calls into one request and gives each caller its own vectors', async () => {
      const server = await startServer();
      const provider = providerFor(server);
      await provider.init();
      server.requests.length = 0;
      const input = texts(5, 'concurrent');
      const results = await Promise.all(input.map((text) => provider.embed([text])));
      expect(server.embedRequests()).toHaveLength(1);
      expect(server.embedRequests()[0].input).toEqual(input);
      expectSameVectors(
        results.map(([vector]) => vector),
        await fake.embed(input),
      );
    });

    it('coalesces concurrent calls made before init() has completed, after the probe', async () => {
      const server = await startServer();
      const provider = providerFor(server);
      await Promise.all([provider.embed(['one']), provider.embed(['two', 'three'])]);
      expect(server.embedRequests().map((body) => body.input)).toEqual([
        ['kioku embedding dimension probe'],
        ['one', 'two', 'three'],
      ]);
    });

    it('keeps at most maxConcurrentRequests requests in flight', async () => {
      let inFlight = 0;
      let mostInFlight = 0;
      const server = await startServer(async (batch) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 10));
        inFlight -= 1;
        return fakeEmbed(batch);
      });
      const provider = providerFor(server, { maxBatchSize: 8, maxConcurrentRequests: 3 });
      await provider.init();
      const input = texts(80);
      expectSameVectors(await provider.embed(input), await fake.embed(input));
      expect(mostInFlight).toBe(3);
      expect(server.embedRequests()).toHaveLength(1 + 10);
    });
  });

  describe('vectors', () => {
    it('L2-normalises what the server returns', async () => {
      const server = await startServer(async (batch) =>
        (await fakeEmbed(batch)).map((vector) => vector.map((value) => value * 7.5)),
      );
      const provider = providerFor(server);
      const input = ['The user prefers dark mode.', 'Water the plants on Sunday.'];
      const vectors = await provider.embed(input);
      const expected = await fake.embed(input);
      vectors.forEach((vector, index) => {
        expect(Math.hypot(...vector)).toBeCloseTo(1, 10);
        vector.forEach((value, component) => expect(value).toBeCloseTo(expected[index][component], 10));
      });
    });

    it('rejects a zero vector, which has no direction', async () => {
      const server = await startServer(async (batch) =>
        batch.map((text) =>
          text === 'zero' ? new Array<number>(DIMENSION).fill(0) : new Array<number>(DIMENSION).fill(1),
        ),
      );
      await expect(providerFor(server).embed(['zero'])).rejects.toMatchObject({
        code: 'EMBEDDING_UNAVAILABLE',
        message: expect.stringContaining('zero vector'),
      });
    });

    it('rejects empty texts with INVALID_INPUT before contacting the server', async () => {
      const provider = providerFor({ url: 'http://127.0.0.1:9' });
      await expect(provider.embed(['fine', ' '])).rejects.toMatchObject({ code: 'INVALID_INPUT' });
      await expect(provider.embed([])).resolves.toEqual([]);
    });
  });

  describe('errors', () => {
    it('names the missing model and the command that installs it', async () => {
      const server = await startServer(fakeEmbed, ['all-minilm']);
      const error = await failureOf(providerFor(server).init());
      expect(error).toMatchObject({
        name: 'AppError',
        code: 'EMBEDDING_UNAVAILABLE',
        details: { provider: 'ollama', model: MODEL },
      });
      expect(error.message).toContain(`does not have the model "${MODEL}"`);
      expect(error.message).toContain(`\`ollama pull ${MODEL}\``);
      expect(error.message).toContain(server.url);
    });

    it('reports a server that is down as unreachable, naming its URL', async () => {
      const server = await startServer();
      await server.stop();
      const error = await failureOf(providerFor(server).init());
      expect(error).toMatchObject({ name: 'AppError', code: 'EMBEDDING_UNAVAILABLE' });
      expect(error.message).toBe(
        `The embedding provider (ollama) is unavailable: cannot reach ${server.url} (ECONNREFUSED). ` +
          'Is the Ollama server running?',
      );
    });

    it('aborts a request the server never answers after timeoutMs', async () => {
      const server = await startServer(() => new Promise<number[][]>(() => undefined));
      const provider = providerFor(server, { timeoutMs: 200 });
      const started = Date.now();
      await expect(provider.init()).rejects.toMatchObject({
        code: 'EMBEDDING_UNAVAILABLE',
        message: `The embedding provider (ollama) is unavailable: cannot reach ${server.url}: no answer within 200 ms.`,
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it('aborts a request whose body stalls after the headers, after timeoutMs', async () => {
      const url = await startRawServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"model":"nomic-embed-text","embeddings":[[0.1,');
      });
      await expect(providerFor({ url }, { timeoutMs: 200 }).init()).rejects.toMatchObject({
        code: 'EMBEDDING_UNAVAILABLE',
        message: expect.stringContaining('no answer within 200 ms'),
      });
    });

    it('reports a server error with its status and text', async () => {
      const server = await startServer(() =>
        Promise.reject(new Error('llama runner process has terminated')),
      );
      await expect(providerFor(server).init()).rejects.toMatchObject({
        code: 'EMBEDDING_UNAVAILABLE',
        message: `The embedding provider (ollama) is unavailable: the server at ${server.url} answered HTTP 500: llama runner process has terminated`,
      });
    });

    it('reports a proxy’s non-JSON error page by status, without writing to the console', async () => {
      const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
      const url = await startRawServer((_request, response) => {
        response.writeHead(502, { 'content-type': 'text/html' });
        response.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      });
      await expect(providerFor({ url }).init()).rejects.toMatchObject({
        code: 'EMBEDDING_UNAVAILABLE',
        message: `The embedding provider (ollama) is unavailable: the server at ${url} answered HTTP 502: HTTP 502 Bad Gateway`,
      });
      expect(log).not.toHaveBeenCalled();
    });

    it('reports a server without /api/embed (not Ollama, or too old)', async () => {
      const url = await startRawServer((_request, response) => {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('404 page not found');
      });
      await expect(providerFor({ url }).init()).rejects.toMatchObject({
        message: expect.stringContaining(`${url} has no /api/embed endpoint`),
      });
    });

    it('rejects an answer with the wrong number of vectors', async () => {
      const url = await startRawServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ model: MODEL, embeddings: [] }));
      });
      await expect(providerFor({ url }).init()).rejects.toMatchObject({
        code: 'EMBEDDING_UNAVAILABLE',
        message: expect.stringContaining('returned 0 vectors for 1 texts'),
      });
    });

    it('fails only the callers whose texts were in a failed request', async () => {
      const server = await startServer(async (batch) => {
        if (batch.includes('poison')) throw new Error('boom');
        return fakeEmbed(batch);
      });
      const provider = providerFor(server, { maxBatchSize: 2 });
      await provider.init();
      const [first, second, third] = await Promise.allSettled([
        provider.embed(['a', 'b']),
        provider.embed(['poison']),
        provider.embed(['c']),
      ]);
      expect(first.status).toBe('fulfilled');
      expect(second.status).toBe('rejected');
      expect(third.status).toBe('rejected'); // it shared the failed request with 'poison'
      await expect(provider.embed(['c'])).resolves.toHaveLength(1);
    });
  });

  describe('credentials in the URL', () => {
    it('sends them as basic auth and never puts them in error messages', async () => {
      const server = await startServer(fakeEmbed, ['all-minilm']);
      const url = server.url.replace('http://', 'http://alice:s3cret@');
      const missingModel = await failureOf(providerFor({ url }).init());
      expect(server.requests[0].headers.authorization).toBe(
        `Basic ${Buffer.from('alice:s3cret').toString('base64')}`,
      );
      expect(missingModel.message).toContain(server.url);

      await server.stop();
      const unreachable = await failureOf(providerFor({ url }).init());
      expect(unreachable.message).toContain(`cannot reach ${server.url}`);

      const silent = await startServer(() => new Promise<number[][]>(() => undefined));
      const timedOut = await failureOf(
        providerFor(
          { url: silent.url.replace('http://', 'http://alice:s3cret@') },
          { timeoutMs: 100 },
        ).init(),
      );
      expect(timedOut.message).toContain(`cannot reach ${silent.url}: no answer within 100 ms`);
      for (const error of [missingModel, unreachable, timedOut]) {
        expect(error).toMatchObject({ name: 'AppError' });
        expect(error.message).not.toMatch(/alice|s3cret/);
        expect(JSON.stringify((error as Error & { details?: unknown }).details)).not.toMatch(/alice|s3cret/);
      }
    });
  });

  describe('embeddingsOllamaModule', () => {
    it('binds EmbeddingProvider to one shared OllamaEmbeddingProvider without contacting the server', async () => {
      const container = new Container();
      await container.load(
        embeddingsOllamaModule({ url: 'http://127.0.0.1:11434', model: MODEL, timeoutMs: 5_000 }),
      );
      const first = container.get(EMBEDDINGS_TOKENS.EmbeddingProvider);
      expect(first).toBeInstanceOf(OllamaEmbeddingProvider);
      expect(first.modelId).toBe('ollama:nomic-embed-text');
      expect(container.get(EMBEDDINGS_TOKENS.EmbeddingProvider)).toBe(first);
    });
  });
});

/** The error a promise rejects with; fails the test if it resolves. */
async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection, but the promise resolved');
}

/** Same vectors in the same order, up to the rounding of normalising an already unit vector again. */
function expectSameVectors(actual: number[][], expected: number[][]): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((vector, index) => {
    expect(vector).toHaveLength(expected[index].length);
    const largest = Math.max(
      ...vector.map((value, component) => Math.abs(value - expected[index][component])),
    );
    expect(largest).toBeLessThan(1e-12);
  });
}

/** A bare HTTP server for answers the protocol stand-in never gives (proxies, broken servers). */
async function startRawServer(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  rawServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closeRawServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
