/**
 * The namespace over time, on a calendar axis: above, the memories held (a step line: the number
 * changes only on days something happened); below, the memories added (up) and forgotten (down) each
 * day, on a scale of their own. The exact numbers follow in a table, for screen readers and reading.
 */
import type { HistoryDay } from '../api/types';

const WIDTH = 560;
const LEFT = 44;
const RIGHT = 36;
const HELD_TOP = 16;
const HELD_BOTTOM = 150;
const CHANGE_MIDDLE = 195;
const CHANGE_REACH = 30;
const HEIGHT = 250;
const DAY_MS = 86_400_000;
const TICKS = 4;

export function HistoryChart({ days }: { days: HistoryDay[] }) {
  if (days.length === 0) return <p class="muted">No memories yet.</p>;
  const last = days[days.length - 1];
  return (
    <figure class="chart">
      <HistoryPlot days={days} />
      <figcaption id="history-chart-caption">
        Memories held (line; {last.total} on {last.day}) and, below, those{' '}
        <span class="legend legend-added">added</span> (up) and{' '}
        <span class="legend legend-drop">forgotten</span> (down) each day (UTC).
      </figcaption>
      <HistoryTable days={days} />
    </figure>
  );
}

/** Where each day and count sits on the chart, and the days named on its axis. */
function historyScales(days: HistoryDay[]) {
  const first = Date.parse(days[0].day);
  const span = Math.max(1, (Date.parse(days[days.length - 1].day) - first) / DAY_MS);
  const x = (day: string) => LEFT + ((WIDTH - LEFT - RIGHT) * (Date.parse(day) - first)) / DAY_MS / span;
  const maxHeld = Math.max(1, ...days.map((d) => d.total));
  const held = (total: number) => HELD_BOTTOM - ((HELD_BOTTOM - HELD_TOP) * total) / maxHeld;
  const maxChange = Math.max(1, ...days.map((d) => Math.max(d.added, d.forgotten)));
  const reach = (count: number) => (CHANGE_REACH * count) / maxChange;
  const ticks = Array.from({ length: TICKS + 1 }, (_, i) =>
    new Date(first + Math.round((span * i) / TICKS) * DAY_MS).toISOString().slice(0, 10),
  ).filter((day, i, all) => all.indexOf(day) === i);
  return { x, held, reach, maxHeld, maxChange, ticks };
}

function HistoryPlot({ days }: { days: HistoryDay[] }) {
  const { x, held, reach, maxHeld, maxChange, ticks } = historyScales(days);
  // Held is constant from one day with changes to the next: a horizontal then a vertical step.
  const steps = days
    .map((d, i) =>
      i === 0
        ? `${x(d.day)},${held(d.total)}`
        : `${x(d.day)},${held(days[i - 1].total)} ${x(d.day)},${held(d.total)}`,
    )
    .join(' ');
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="history-chart-caption">
      <line x1={LEFT} y1={HELD_BOTTOM} x2={WIDTH - RIGHT} y2={HELD_BOTTOM} class="axis" />
      <text x={LEFT - 8} y={HELD_TOP + 4} class="tick tick-left">
        {maxHeld}
      </text>
      <text x={LEFT - 8} y={HELD_BOTTOM + 4} class="tick tick-left">
        0
      </text>
      <text x={LEFT - 8} y={CHANGE_MIDDLE - CHANGE_REACH + 4} class="tick tick-left">
        +{maxChange}
      </text>
      <text x={LEFT - 8} y={CHANGE_MIDDLE + CHANGE_REACH + 4} class="tick tick-left">
        −{maxChange}
      </text>
      <line x1={LEFT} y1={CHANGE_MIDDLE} x2={WIDTH - RIGHT} y2={CHANGE_MIDDLE} class="axis-faint" />
      <polyline points={steps} class="history-line" />
      {days.map((d) => (
        <g key={d.day}>
          <circle cx={x(d.day)} cy={held(d.total)} r={3} class="history-point" />
          <rect
            x={x(d.day) - 3}
            y={CHANGE_MIDDLE - reach(d.added)}
            width={6}
            height={reach(d.added)}
            class="bar"
          />
          <rect
            x={x(d.day) - 3}
            y={CHANGE_MIDDLE}
            width={6}
            height={reach(d.forgotten)}
            class="bar-forgotten"
          />
        </g>
      ))}
      {ticks.map((day) => (
        <text key={day} x={x(day)} y={HEIGHT - 6} class="tick">
          {day}
        </text>
      ))}
    </svg>
  );
}

/** The exact numbers, for screen readers and reading. */
function HistoryTable({ days }: { days: HistoryDay[] }) {
  return (
    <details>
      <summary>The numbers, day by day</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">Day (UTC)</th>
            <th scope="col">Added</th>
            <th scope="col">Forgotten</th>
            <th scope="col">Held</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <td>{d.day}</td>
              <td>{d.added}</td>
              <td>{d.forgotten}</td>
              <td>{d.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
