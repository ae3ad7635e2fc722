/** The trash: deleted memories, newest first, each restorable (with its links) until it is purged. */
import { useState } from 'preact/hooks';
import { get, post } from '../api/client';
import type { TrashListing } from '../api/types';
import { PrivateBadge } from '../components/badges';
import { ErrorNote, Loading, Notice } from '../components/status';
import { formatDate, snippet } from '../format';
import { memoryHref } from '../router';
import { useLoad } from '../use-load';

export function TrashPage() {
  const { data, error, reload } = useLoad(() => get<TrashListing>('/v1/trash?limit=100'), []);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);

  async function restore(id: string) {
    setActionError(null);
    try {
      await post(`/v1/memories/${encodeURIComponent(id)}/restore`);
      setNotice(`Restored ${id}.`);
      reload();
    } catch (failure) {
      setActionError(failure);
    }
  }

  return (
    <section aria-labelledby="trash-title">
      <h1 id="trash-title">Trash</h1>
      <Notice text={notice} />
      <ErrorNote error={error ?? actionError} />
      {notice?.startsWith('Restored') && (
        <p>
          <a href={memoryHref(notice.slice(9, -1))}>Open the restored memory</a>
        </p>
      )}
      {!data ? (
        <Loading />
      ) : data.entries.length === 0 ? (
        <p>The trash is empty.</p>
      ) : (
        <table>
          <caption>{data.total} deleted memories</caption>
          <thead>
            <tr>
              <th scope="col">Memory</th>
              <th scope="col">Content</th>
              <th scope="col">Why</th>
              <th scope="col">Deleted</th>
              <th scope="col">Links</th>
              <th scope="col">
                <span class="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.entries.map((entry) => (
              <tr key={entry.id} data-memory-id={entry.id}>
                <td>
                  <code>{entry.id}</code> <PrivateBadge isPrivate={entry.private} />
                </td>
                <td>{snippet(entry.content, 90)}</td>
                <td>{entry.reason.replace('_', '-')}</td>
                <td>{formatDate(entry.deletedAt)}</td>
                <td>{entry.linkCount}</td>
                <td>
                  <button
                    type="button"
                    onClick={() => void restore(entry.id)}
                    aria-label={`Restore ${entry.id}`}
                  >
                    Restore
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
