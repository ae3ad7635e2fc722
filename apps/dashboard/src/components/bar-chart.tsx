/** Vertical bars of counts over named buckets (memories created per day), with the values as text. */
export function BarChart({ label, bars }: { label: string; bars: { name: string; count: number }[] }) {
  const width = 560;
  const height = 180;
  const max = Math.max(1, ...bars.map((b) => b.count));
  const slot = (width - 20) / Math.max(1, bars.length);
  return (
    <svg class="chart" viewBox={`0 0 ${width} ${height + 30}`} role="img" aria-label={label}>
      {bars.map((bar, i) => {
        const h = ((height - 20) * bar.count) / max;
        return (
          <g key={bar.name}>
            <rect x={10 + i * slot + 2} y={height - h} width={Math.max(2, slot - 4)} height={h} class="bar" />
            <text x={10 + i * slot + slot / 2} y={height - h - 4} class="bar-value">
              {bar.count}
            </text>
            {(bars.length <= 12 || i % Math.ceil(bars.length / 12) === 0) && (
              <text x={10 + i * slot + slot / 2} y={height + 16} class="tick">
                {bar.name.slice(5)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
