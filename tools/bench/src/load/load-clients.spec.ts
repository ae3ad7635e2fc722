/** The isolation check's read-back against a real HTTP server: what counts as found, absent or neither. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readable } from './load-clients';

describe('readable', () => {
  let server: Server;
  let url: string;
  /** Answers per memory id, in order; the last one repeats. */
  const answers = new Map<string, number[]>();
  const asked: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const id = decodeURIComponent(request.url!.split('/').pop()!);
      asked.push(id);
      const queue = answers.get(id)!;
      const status = queue.length > 1 ? queue.shift()! : queue[0];
      if (status === 503) response.setHeader('retry-after', '0');
      response.writeHead(status).end(status === 200 ? '{}' : '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('says found on 200 and absent on 404', async () => {
    answers.set('mem_found', [200]).set('mem_absent', [404]);
    await expect(readable(url, 't', 'mem_found')).resolves.toBe(true);
    await expect(readable(url, 't', 'mem_absent')).resolves.toBe(false);
  });

  it('asks again after a refusal for now (503 with Retry-After) instead of counting the memory lost', async () => {
    answers.set('mem_busy', [503, 503, 200]);
    await expect(readable(url, 't', 'mem_busy')).resolves.toBe(true);
    expect(asked.filter((id) => id === 'mem_busy')).toHaveLength(3);
  });

  it('fails the check on any other answer, or when the refusals go on', async () => {
    answers.set('mem_broken', [500]).set('mem_refused', [503]);
    await expect(readable(url, 't', 'mem_broken')).rejects.toThrow('answered 500');
    await expect(readable(url, 't', 'mem_refused')).rejects.toThrow('answered 503');
  });
});
