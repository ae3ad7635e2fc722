/** The namespace: how many memories, how that changed day by day, and their categories and tags. */
import { get } from '../api/client';
import type { NamespaceStats } from '../api/types';
import { HistoryChart } from '../components/history-chart';
import { ErrorNote, Loading } from '../components/status';
import { useLoad } from '../use-load';

export function NamespacePage() {
  const { data, error } = useLoad(() => get<NamespaceStats>('/v1/stats'), []);
  if (error) return <ErrorNote error={error} />;
  if (!data) return <Loading />;
  return (
    <section aria-labelledby="namespace-title">
      <h1 id="namespace-title">Namespace</h1>
      <ul class="totals">
        <li>
          <strong>{data.total}</strong> memories
        </li>
        <li>
          <strong>{data.private}</strong> private
        </li>
        <li>
          <strong>{data.pinned}</strong> pinned
        </li>
      </ul>
      <div class="card">
        <h2>Over time</h2>
        <HistoryChart days={data.history} />
      </div>
      <div class="columns">
        <div class="card">
          <h2>Categories</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Memories</th>
              </tr>
            </thead>
            <tbody>
              {data.categories.map((c) => (
                <tr key={c.name}>
                  <td>{c.name}</td>
                  <td>{c.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div class="card">
          <h2>Tags</h2>
          {data.tags.length === 0 ? (
            <p class="muted">No tags.</p>
          ) : (
            <ul class="tags">
              {data.tags.map((t) => (
                <li key={t.name}>
                  {t.name} <span class="muted">{t.count}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
