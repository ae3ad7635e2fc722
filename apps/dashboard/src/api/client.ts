/**
 * The dashboard's only way to its data: the gateway's REST API under /v1, with the session's key.
 * Request bodies carry anything that may be private (recall's query, edits); URLs carry only ids.
 * Errors are the gateway's problem JSON, surfaced as ApiError with its stable code.
 */
import { clearSession, loadSession } from './session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ApiResponse<T> {
  status: number;
  body: T;
}

/** Called when the gateway refuses the session's key, so the app can return to the sign-in page. */
let onUnauthorized: () => void = () => undefined;
export function whenUnauthorized(handler: () => void): void {
  onUnauthorized = handler;
}

export async function request<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const session = loadSession();
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (session?.kind === 'key') headers.authorization = `Bearer ${session.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'omit',
    cache: 'no-store',
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { status: response.status, body: body as T };
  const problem = (body ?? {}) as { code?: string; detail?: string; title?: string };
  if (response.status === 401) {
    clearSession();
    onUnauthorized();
  }
  throw new ApiError(
    response.status,
    problem.code ?? 'HTTP_' + response.status,
    problem.detail ?? problem.title ?? `The gateway answered ${response.status}.`,
  );
}

export const get = <T>(path: string) => request<T>('GET', path).then((r) => r.body);
export const post = <T>(path: string, body: unknown = {}) =>
  request<T>('POST', path, { body }).then((r) => r.body);
