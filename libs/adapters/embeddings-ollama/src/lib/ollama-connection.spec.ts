/** Ollama URLs: credentials become a header and never reach the display URL. */
import { parseOllamaUrl } from './ollama-connection';

describe('parseOllamaUrl', () => {
  it('keeps scheme, host, port and path prefix, without a trailing slash', () => {
    expect(parseOllamaUrl('http://127.0.0.1:11434/')).toEqual({
      baseUrl: 'http://127.0.0.1:11434',
      displayUrl: 'http://127.0.0.1:11434',
      headers: {},
    });
    expect(parseOllamaUrl('https://gpu.example.com/ollama/').baseUrl).toBe('https://gpu.example.com/ollama');
    expect(parseOllamaUrl('http://[::1]:11434').baseUrl).toBe('http://[::1]:11434');
  });

  it('turns user:password@ into a basic-auth header and leaves it out of both URLs', () => {
    const connection = parseOllamaUrl('http://alice:s%40cret@ollama.internal:11434?x=1#y');
    expect(connection.headers).toEqual({
      Authorization: `Basic ${Buffer.from('alice:s@cret').toString('base64')}`,
    });
    expect(connection.baseUrl).toBe('http://ollama.internal:11434');
    expect(connection.displayUrl).toBe('http://ollama.internal:11434');
  });

  it.each(['not a url', 'localhost:11434', 'ftp://host/', 'http://alice:s3cret@[::1'])(
    'rejects %p with CONFIG_INVALID without repeating it',
    (url) => {
      let thrown: unknown;
      try {
        parseOllamaUrl(url);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ code: 'CONFIG_INVALID' });
      expect((thrown as Error).message).not.toContain(url);
    },
  );
});
