// One row per item (a counter, a lane) and one cell per time bin, coloured by value from white to
// dark blue; grey where there is no value (the resource was closed). Reads like the allocation
// Gantt with load on top, which a line per counter cannot show once there are more than a few.
// Props in, SVG out, with the colour key inside the SVG so an exported file explains itself.
import { memo } from 'react';
import { interpolateBlues, scaleLinear, scaleSequential } from 'd3';
import { useWidth } from './useWidth';
import { formatMinutes } from './timeFormat';
import { hourTicks } from './timeTicks';

type HeatmapRow = { id: string; label: string; cells: Array<{ x: number; value: number | null }> };

type HeatmapChartProps = {
  rows: HeatmapRow[];
  /** Width of a cell in minutes. */
  binMinutes: number;
  /** Minutes of the design day the x axis spans. */
  domain: [number, number];
  /** What a value is, for the key and the cell titles ("Utilisation (%)"). */
  valueLabel: string;
  /** Value of the darkest colour. */
  max: number;
};

const ROW = 14;
const LABEL = 64;
const KEY = 28;
const AXIS = 40;
const CLOSED = '#ececec';

export const HeatmapChart = memo(function HeatmapChart({ rows, binMinutes, domain, valueLabel, max }: HeatmapChartProps) {
  const [box, width] = useWidth<HTMLDivElement>();
  const height = KEY + rows.length * ROW + AXIS;
  const plot = Math.max(0, width - LABEL - 36);
  const x = scaleLinear()
    .domain(domain)
    .range([LABEL, LABEL + plot]);
  // Low values stay visible against the white page: the ramp starts a little above white.
  const colour = scaleSequential((t) => interpolateBlues(0.08 + 0.92 * t)).domain([0, max]);
  const cellWidth = Math.max(1, x(domain[0] + binMinutes) - x(domain[0]));
  const keySteps = [0, 0.25, 0.5, 0.75, 1].map((t) => t * max);

  return (
    <div ref={box}>
      <svg width={width} height={height} role="img" aria-label={valueLabel} fontFamily="sans-serif">
        {width >= 10 && (
          <>
            <g transform={`translate(${LABEL}, 4)`}>
              <text y={11} fontSize={12} fill="#333">
                {valueLabel}:
              </text>
              {keySteps.map((v, i) => (
                <g key={v} transform={`translate(${110 + i * 56}, 0)`}>
                  <rect width={16} height={12} fill={colour(v)} stroke="#ccc" />
                  <text x={20} y={11} fontSize={11} fill="#333">
                    {Math.round(v)}
                  </text>
                </g>
              ))}
              <g transform={`translate(${110 + keySteps.length * 56}, 0)`}>
                <rect width={16} height={12} fill={CLOSED} stroke="#ccc" />
                <text x={20} y={11} fontSize={11} fill="#333">
                  closed
                </text>
              </g>
            </g>
            {rows.map((row, r) => (
              <g key={row.id} transform={`translate(0, ${KEY + r * ROW})`}>
                <text x={LABEL - 6} y={ROW - 3} fontSize={11} fill="#333" textAnchor="end">
                  {row.label}
                </text>
                <rect x={LABEL} width={plot} height={ROW - 1} fill={CLOSED} />
                {row.cells.map((c) =>
                  c.value === null || c.x < domain[0] || c.x >= domain[1] ? null : (
                    <rect key={c.x} x={x(c.x)} width={cellWidth} height={ROW - 1} fill={colour(c.value)}>
                      <title>{`${row.label} ${formatMinutes(c.x)}: ${c.value.toFixed(0)}`}</title>
                    </rect>
                  ),
                )}
              </g>
            ))}
            <g transform={`translate(0, ${KEY + rows.length * ROW})`} className="visx-axis-bottom">
              <line x1={LABEL} x2={LABEL + plot} y1={0} y2={0} stroke="#333" />
              {hourTicks(domain[0], domain[1], plot).map((t) => (
                <g key={t} transform={`translate(${x(t)}, 0)`} className="visx-axis-tick">
                  <line y2={5} stroke="#333" />
                  <text y={17} fontSize={11} textAnchor="middle" fill="#333">
                    {formatMinutes(t)}
                  </text>
                </g>
              ))}
              <text x={LABEL + plot / 2} y={34} fontSize={12} textAnchor="middle" fill="#333">
                Time of day (local)
              </text>
            </g>
          </>
        )}
      </svg>
    </div>
  );
});
