/**
 * The auto-forget dry run as a scatter plot: forgetting risk (0..1, up) against age in days
 * (right). Memories the sweep would drop are filled red squares, those it would only compress amber
 * circles; pinned and protected-category memories never appear in a sweep, which the legend says.
 */
import type { SweepSample } from '../api/types';

const WIDTH = 560;
const HEIGHT = 260;
const PAD = 40;

export function RiskChart({ drop, compress }: { drop: SweepSample[]; compress: SweepSample[] }) {
  const all = [...drop, ...compress];
  const maxDays = Math.max(1, ...all.map((s) => s.days));
  const x = (days: number) => PAD + ((WIDTH - 2 * PAD) * days) / maxDays;
  const y = (risk: number) => HEIGHT - PAD - (HEIGHT - 2 * PAD) * Math.min(1, Math.max(0, risk));
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="risk-chart-caption">
        <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} class="axis" />
        <line x1={PAD} y1={PAD} x2={PAD} y2={HEIGHT - PAD} class="axis" />
        <text x={WIDTH / 2} y={HEIGHT - 8} class="axis-label">
          age (days, up to {Math.round(maxDays)})
        </text>
        <text x={12} y={HEIGHT / 2} class="axis-label" transform={`rotate(-90 12 ${HEIGHT / 2})`}>
          risk
        </text>
        <text x={PAD - 6} y={PAD + 4} class="tick">
          1
        </text>
        <text x={PAD - 6} y={HEIGHT - PAD + 4} class="tick">
          0
        </text>
        {compress.map((s) => (
          <circle key={'c' + s.id} cx={x(s.days)} cy={y(s.risk)} r={5} class="point point-compress" />
        ))}
        {drop.map((s) => (
          <rect
            key={'d' + s.id}
            x={x(s.days) - 5}
            y={y(s.risk) - 5}
            width={10}
            height={10}
            class="point point-drop"
          />
        ))}
      </svg>
      <figcaption id="risk-chart-caption">
        Risk against age: <span class="legend legend-drop">■ would be dropped ({drop.length})</span>,{' '}
        <span class="legend legend-compress">● would be compressed ({compress.length})</span>. Pinned and
        protected memories are never candidates.
      </figcaption>
    </figure>
  );
}
