/**
 * Serves the dashboard (the static files `npm run build` writes to `dist/ui`) at `/ui`. Not part of
 * the REST API (not in the OpenAPI document, no key: the files hold no data; the page signs in and
 * calls /v1 like any client). The page gets its own Content-Security-Policy that allows only this
 * origin's scripts, styles and API — nothing inline, nothing from elsewhere.
 */
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { GatewayError } from '@kioku/rest-routes';

const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const MEDIA_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** dist/ui beside the bundled gateway (dist/http.js), or the repository's dist/ui when run from source. */
export function defaultDashboardDir(): string {
  const besideBundle = join(__dirname, 'ui');
  return existsSync(besideBundle) ? besideBundle : resolve(__dirname, '..', '..', '..', '..', 'dist', 'ui');
}

export function registerDashboard(server: FastifyInstance, dir: string): void {
  const root = resolve(dir);
  const send = (relative: string) => {
    const file = normalize(join(root, relative));
    // Path traversal (`/ui/../..`): only files inside the dashboard's directory are served.
    if (!file.startsWith(root + '/') || !MEDIA_TYPES[extname(file)] || !existsSync(file)) return undefined;
    return { body: readFileSync(file), type: MEDIA_TYPES[extname(file)] };
  };
  server.get('/ui', async (_request, reply) => {
    const page = send('index.html');
    if (!page)
      throw new GatewayError('ROUTE_NOT_FOUND', 'The dashboard is not built here: run `npm run build`.');
    return reply.header('content-security-policy', DASHBOARD_CSP).type(page.type).send(page.body);
  });
  server.get<{ Params: { '*': string } }>('/ui/*', async (request, reply) => {
    const asset = send(request.params['*'] || 'index.html');
    if (!asset) throw new GatewayError('ROUTE_NOT_FOUND', 'No such dashboard file.');
    return reply.header('content-security-policy', DASHBOARD_CSP).type(asset.type).send(asset.body);
  });
}
