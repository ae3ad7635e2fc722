/** How a page says it is busy, failed or done: live regions, so screen readers hear it too. */
import { ApiError } from '../api/client';

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  const text =
    error instanceof ApiError ? `${error.message} (${error.code})` : 'Something went wrong; try again.';
  return (
    <p class="note note-error" role="alert">
      {text}
    </p>
  );
}

export function Notice({ text }: { text: string | null }) {
  return (
    <p class="note note-ok" role="status">
      {text ?? ''}
    </p>
  );
}

export function Loading() {
  return (
    <p class="muted" role="status">
      Loading…
    </p>
  );
}
