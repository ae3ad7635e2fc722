/** The worker: its recent job reports for this namespace (counts and ids only, never memory text). */
import { get } from '../api/client';
import type { WorkerReport } from '../api/types';
import { ErrorNote, Loading } from '../components/status';
import { formatDate } from '../format';
import { useLoad } from '../use-load';

export function WorkerPage() {
  const { data, error } = useLoad(() => get<{ reports: WorkerReport[] }>('/v1/worker/reports?limit=100'), []);
  return (
    <section aria-labelledby="worker-title">
      <h1 id="worker-title">Worker</h1>
      <ErrorNote error={error} />
      {!data ? (
        <Loading />
      ) : data.reports.length === 0 ? (
        <p>No job reports yet: the worker (`kioku worker`) writes one per run to the data directory.</p>
      ) : (
        <table>
          <caption>Recent job runs, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">Started</th>
              <th scope="col">Took</th>
              <th scope="col">Status</th>
              <th scope="col">Counts</th>
            </tr>
          </thead>
          <tbody>
            {data.reports.map((r) => (
              <tr key={r.job + r.startedAt}>
                <td>{r.job}</td>
                <td>{formatDate(r.startedAt)}</td>
                <td>{r.durationMs} ms</td>
                <td class={`status-${r.status}`}>
                  {r.status}
                  {r.skipReason ? ` (${r.skipReason})` : ''}
                  {r.error ? ` — ${r.error.code}` : ''}
                </td>
                <td>
                  {Object.entries(r.counts)
                    .map(([name, count]) => `${name}: ${count}`)
                    .join(', ') || '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
