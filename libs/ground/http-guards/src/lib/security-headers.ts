/**
 * Response headers every kioku HTTP surface sends (the gateway's REST, /mcp and operations routes, and
 * `kioku mcp --http`). They are APIs, never pages: nothing may be sniffed as HTML, framed, cached by a
 * shared cache or leak the URL through a Referer. The set follows the OWASP HTTP Headers Cheat Sheet
 * for APIs (https://cheatsheetseries.owasp.org/cheatsheets/REST_Security_Cheat_Sheet.html#security-headers).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
});
