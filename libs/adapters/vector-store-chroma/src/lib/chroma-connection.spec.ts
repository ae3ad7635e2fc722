import { parseChromaUrl } from './chroma-connection';

describe('parseChromaUrl', () => {
  it('reads host, port and scheme, with Chroma defaults', () => {
    expect(parseChromaUrl('http://127.0.0.1:8123')).toMatchObject({
      host: '127.0.0.1',
      port: 8123,
      ssl: false,
    });
    expect(parseChromaUrl('http://chroma')).toMatchObject({ port: 8000, baseUrl: 'http://chroma:8000' });
    expect(parseChromaUrl('https://chroma.example.com')).toMatchObject({ port: 443, ssl: true });
    expect(parseChromaUrl('http://[::1]:9000')).toMatchObject({
      host: '[::1]',
      baseUrl: 'http://[::1]:9000',
    });
  });

  it('turns credentials into a header and keeps them out of the display URL', () => {
    const connection = parseChromaUrl('https://admin:s%40cret@chroma.example.com:8443');
    expect(connection.displayUrl).toBe('https://chroma.example.com:8443');
    expect(connection.baseUrl).not.toContain('cret');
    expect(connection.headers['Authorization']).toBe(
      `Basic ${Buffer.from('admin:s@cret').toString('base64')}`,
    );
  });

  it('rejects what is not an http(s) URL without echoing it', () => {
    expect(() => parseChromaUrl('not a url with secret')).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID' }),
    );
    expect(() => parseChromaUrl('ftp://x')).toThrow(/http/);
    try {
      parseChromaUrl('not a url with secret');
    } catch (error) {
      expect((error as Error).message).not.toContain('secret');
    }
  });
});
