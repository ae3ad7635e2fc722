/**
 * The auto-forget dry run as a scatter plot: forgetting risk (up, on a log scale: risk grows with the
 * square of age) against days since the last access (right), with the policy's two thresholds drawn.
 * Memories the sweep would drop are filled red squares, those it would only compress amber circles,
 * and protected ones (pinned or a protected category, never dropped) blue diamonds at the risk they
 * would have without protection.
 */
import type { SweepSample } from '../api/types';

const WIDTH = 560;
const HEIGHT = 260;
const PAD = 40;
/** The policy's thresholds (behaviour §7): risk ≥ 50 fades (compress), risk ≥ 200 is dropped. */
const COMPRESS_RISK = 50;
const DROP_RISK = 200;

export function RiskChart({
  drop,
  compress,
  protectedOnes,
}: {
  drop: SweepSample[];
  compress: SweepSample[];
  protectedOnes: SweepSample[];
}) {
  const all = [...drop, ...compress, ...protectedOnes];
  const maxDays = Math.max(1, ...all.map((s) => s.days));
  const maxRisk = Math.max(2 * DROP_RISK, ...all.map((s) => s.risk));
  const x = (days: number) => PAD + ((WIDTH - 2 * PAD) * days) / maxDays;
  const y = (risk: number) =>
    HEIGHT - PAD - ((HEIGHT - 2 * PAD) * Math.log10(1 + Math.max(0, risk))) / Math.log10(1 + maxRisk);
  const threshold = (risk: number, name: string) => (
    <g>
      <line x1={PAD} y1={y(risk)} x2={WIDTH - PAD} y2={y(risk)} class="threshold" />
      <text x={WIDTH - PAD - 4} y={y(risk) - 4} class="threshold-label">
        {name} ≥ {risk}
      </text>
    </g>
  );
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="risk-chart-caption">
        <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} class="axis" />
        <line x1={PAD} y1={PAD} x2={PAD} y2={HEIGHT - PAD} class="axis" />
        <text x={WIDTH / 2} y={HEIGHT - 8} class="axis-label">
          days since last access (up to {Math.round(maxDays)})
        </text>
        <text x={12} y={HEIGHT / 2} class="axis-label" transform={`rotate(-90 12 ${HEIGHT / 2})`}>
          risk (log scale)
        </text>
        <text x={PAD - 6} y={PAD + 4} class="tick">
          {Math.round(maxRisk)}
        </text>
        {threshold(COMPRESS_RISK, 'fades')}
        {threshold(DROP_RISK, 'dropped')}
        <text x={PAD - 6} y={HEIGHT - PAD + 4} class="tick">
          0
        </text>
        {protectedOnes.map((s) => (
          <polygon key={'p' + s.id} points={diamond(x(s.days), y(s.risk))} class="point point-protected" />
        ))}
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
        Risk against days since the last access:{' '}
        <span class="legend legend-drop">■ would be dropped ({drop.length})</span>,{' '}
        <span class="legend legend-compress">● would be compressed ({compress.length})</span>,{' '}
        <span class="legend legend-protected">◆ protected, never dropped ({protectedOnes.length})</span>, at
        the risk they would have without protection.
      </figcaption>
    </figure>
  );
}

/** A diamond of radius 6 around (cx, cy). */
function diamond(cx: number, cy: number): string {
  return `${cx},${cy - 6} ${cx + 6},${cy} ${cx},${cy + 6} ${cx - 6},${cy}`;
}
