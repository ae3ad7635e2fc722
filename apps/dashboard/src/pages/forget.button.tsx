/**
 * Forget in two steps, as the API requires: the first DELETE only answers a confirmation token and a
 * preview; the second, with the token in a header (not the URL), deletes — into the trash.
 */
import { useState } from 'preact/hooks';
import { request } from '../api/client';
import type { DeleteRequested, ForgetIds } from '../api/types';
import { ErrorNote } from '../components/status';
import { formatDate } from '../format';
import { useAction } from '../use-action';

export function ForgetButton({ memoryId, onForgotten }: { memoryId: string; onForgotten: () => void }) {
  const [pending, setPending] = useState<DeleteRequested | null>(null);
  const { error, run } = useAction();
  const path = `/v1/memories/${encodeURIComponent(memoryId)}`;

  const requestDeletion = () =>
    run(async () => setPending((await request<DeleteRequested>('DELETE', path)).body));

  const confirmDeletion = (token: string) =>
    run(async () => {
      const { body } = await request<ForgetIds>('DELETE', path, {
        headers: { 'kioku-confirmation-token': token },
      });
      if (!body.forgotten.includes(memoryId))
        throw new Error(`Not forgotten: ${body.refused.map((r) => r.reason).join(', ') || 'unknown'}`);
      onForgotten();
    });

  return (
    <div class="danger-zone">
      {pending ? (
        <div role="alertdialog" aria-labelledby="forget-confirm-title" class="confirm">
          <h3 id="forget-confirm-title">Forget this memory?</h3>
          <p>
            It goes to the trash and can be restored from there. Confirm before{' '}
            {formatDate(pending.expiresAt)}.
          </p>
          <blockquote>{pending.preview.content}</blockquote>
          <button
            type="button"
            class="danger"
            onClick={() => void confirmDeletion(pending.confirmationToken)}
          >
            Confirm forget
          </button>{' '}
          <button type="button" class="secondary" onClick={() => setPending(null)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" class="danger" onClick={() => void requestDeletion()}>
          Forget…
        </button>
      )}
      <ErrorNote error={error} />
    </div>
  );
}
