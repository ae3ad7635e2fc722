/**
 * The sign-in of this browser tab: an API key, or the gateway's loopback anonymous mode. Kept in
 * sessionStorage only (gone when the tab closes; never in localStorage, cookies or URLs).
 */
const KEY = 'kioku.session';

export type Session = { kind: 'key'; token: string } | { kind: 'anonymous' };

export function loadSession(): Session | null {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Session;
    return parsed.kind === 'anonymous' || (parsed.kind === 'key' && parsed.token) ? parsed : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session): void {
  sessionStorage.setItem(KEY, JSON.stringify(session));
}

export function clearSession(): void {
  sessionStorage.removeItem(KEY);
}
