import { basicAuthHeaders, parseServiceUrl } from './service-url';

describe('parseServiceUrl', () => {
  it('parses an http or https URL', () => {
    expect(parseServiceUrl('https://h:1/p', 'Acme').pathname).toBe('/p');
  });

  it.each([
    ['not a URL', 'The Acme URL is not a valid URL (e.g. http://127.0.0.1:1).'],
    ['ftp://user:secret@h', 'The Acme URL must start with http:// or https://.'],
  ])('refuses %s with CONFIG_INVALID, without repeating it', (url, message) => {
    expect(() => parseServiceUrl(url, 'Acme', 'http://127.0.0.1:1')).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID', message }),
    );
  });
});

describe('basicAuthHeaders', () => {
  it('turns percent-encoded URL credentials into a basic-auth header', () => {
    expect(basicAuthHeaders(new URL('http://alice:s%40cret@h'))).toEqual({
      Authorization: `Basic ${Buffer.from('alice:s@cret').toString('base64')}`,
    });
  });

  it('adds nothing without credentials', () => {
    expect(basicAuthHeaders(new URL('http://h'))).toEqual({});
  });
});
