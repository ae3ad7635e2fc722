/**
 * Auto-forgetting: the dry run as a table and a chart; executing is offered only after a dry run and
 * drops exactly what that dry run listed (the API refuses otherwise), into the trash.
 */
import { useState } from 'preact/hooks';
import { post } from '../api/client';
import type { SweepExecuted, SweepReport, SweepSample } from '../api/types';
import { RiskChart } from '../components/risk-chart';
import { ErrorNote, Notice } from '../components/status';
import { formatNumber } from '../format';
import { memoryHref } from '../router';
import { useAction } from '../use-action';

export function ForgettingPage() {
  const [report, setReport] = useState<SweepReport | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { error, run } = useAction();

  const dryRun = () => run(async () => setReport(await post<SweepReport>('/v1/forget/sweep')));
  const execute = () =>
    run(async () => {
      const result = await post<SweepExecuted>('/v1/forget/sweep/execute');
      setNotice(`Dropped ${result.dropped.length} memories into the trash; kept ${result.kept.length}.`);
      setReport(null);
    });

  return (
    <section aria-labelledby="forgetting-title">
      <h1 id="forgetting-title">Auto-forgetting</h1>
      <p>
        A dry run shows what the policy (importance, access heat, age) would drop or compress. Nothing is
        deleted.
      </p>
      <button type="button" onClick={() => void dryRun()}>
        Run dry run
      </button>{' '}
      <button
        type="button"
        class="danger"
        disabled={!report || report.toDrop === 0}
        onClick={() => void execute()}
      >
        Execute this dry run
      </button>
      <Notice text={notice} />
      <ErrorNote error={error} />
      {report && <SweepPreview report={report} />}
    </section>
  );
}

/** What the dry run would do: the counts, the risk chart and a sample of the candidates. */
function SweepPreview({ report }: { report: SweepReport }) {
  return (
    <>
      <p role="status">
        Scanned {report.scanned}: {report.toDrop} would be dropped, {report.toCompress} compressed,{' '}
        {report.protected} protected.
      </p>
      <RiskChart
        drop={report.sampleIdsToDrop}
        compress={report.sampleIdsToCompress}
        protectedOnes={report.sampleIdsProtected}
      />
      <table>
        <caption>Candidates (a sample)</caption>
        <thead>
          <tr>
            <th scope="col">Memory</th>
            <th scope="col">Would be</th>
            <th scope="col">Risk</th>
            <th scope="col">Heat</th>
            <th scope="col">Age (days)</th>
          </tr>
        </thead>
        <tbody>
          <SampleRows samples={report.sampleIdsToDrop} action="dropped" />
          <SampleRows samples={report.sampleIdsToCompress} action="compressed" />
          <SampleRows samples={report.sampleIdsProtected} action="kept (protected)" />
        </tbody>
      </table>
    </>
  );
}

function SampleRows({ samples, action }: { samples: SweepSample[]; action: string }) {
  return (
    <>
      {samples.map((s) => (
        <tr key={action + s.id}>
          <td>
            <a href={memoryHref(s.id)}>{s.id}</a>
          </td>
          <td>{action}</td>
          <td>{formatNumber(s.risk)}</td>
          <td>{formatNumber(s.heat)}</td>
          <td>{Math.round(s.days)}</td>
        </tr>
      ))}
    </>
  );
}
