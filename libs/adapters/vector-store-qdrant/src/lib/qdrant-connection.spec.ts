import { parseQdrantUrl } from './qdrant-connection';

describe('parseQdrantUrl', () => {
  it('keeps scheme, host and port; defaults the port to 6333 like Qdrant’s clients', () => {
    expect(parseQdrantUrl('http://localhost:6333')).toEqual({
      url: 'http://localhost:6333',
      prefix: '',
      displayUrl: 'http://localhost:6333',
      headers: {},
    });
    expect(parseQdrantUrl('https://xyz.cloud.qdrant.io').url).toBe('https://xyz.cloud.qdrant.io:6333');
    expect(parseQdrantUrl('http://[::1]:7000/').url).toBe('http://[::1]:7000');
  });

  it('turns a path into the API prefix', () => {
    const connection = parseQdrantUrl('https://proxy.example:443/qdrant/');
    expect(connection).toMatchObject({ url: 'https://proxy.example:443', prefix: '/qdrant' });
    expect(connection.displayUrl).toBe('https://proxy.example:443/qdrant');
    expect(parseQdrantUrl('http://q.example:80').url).toBe('http://q.example:80');
  });

  it('sends the API key as the api-key header', () => {
    expect(parseQdrantUrl('http://q:6333', 'k-123').headers).toEqual({ 'api-key': 'k-123' });
    expect(parseQdrantUrl('http://q:6333', '').headers).toEqual({});
  });

  it('turns URL credentials into basic auth and keeps them out of displayUrl', () => {
    const connection = parseQdrantUrl('http://admin:p%40ss@q:6333', 'key');
    expect(connection.headers).toEqual({
      Authorization: `Basic ${Buffer.from('admin:p@ss').toString('base64')}`,
      'api-key': 'key',
    });
    expect(connection.url).toBe('http://q:6333');
    expect(connection.displayUrl).not.toMatch(/admin|p%40ss|p@ss/);
  });

  it('rejects what is not an http(s) URL, without echoing it', () => {
    for (const url of ['localhost:6333', 'grpc://q:6334', 'http://q:6333/?api-key=secret', 'not a url']) {
      expect(() => parseQdrantUrl(url)).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID' }));
    }
    try {
      parseQdrantUrl('ftp://user:secret@q');
    } catch (error) {
      expect((error as Error).message).not.toContain('secret');
    }
  });
});
