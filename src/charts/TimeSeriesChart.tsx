// Lines over the design day, each with an optional shaded band (e.g. the 95% interval over
// replications); dashed lines for a second run overlaid on the first; a null value breaks the
// line (e.g. a resource closed). Props in, SVG out, with a legend inside the SVG so an exported
// file explains itself.
import { memo } from 'react';
import { AreaSeries, Axis, Grid, LineSeries, Tooltip, XYChart } from '@visx/xychart';
import { useWidth } from './useWidth';
import { formatMinutes } from './timeFormat';
import { hourTicks } from './timeTicks';
import { clippedHigh, valueAxisTop } from './valueAxis';

export type TimePoint = { x: number; y: number | null; low: number | null; high: number | null };
export type TimeSeries = { id: string; label: string; points: TimePoint[]; colour: string; dashed?: boolean };

type TimeSeriesChartProps = {
  series: TimeSeries[];
  yLabel: string;
  height?: number;
  /** Minutes of the design day the x axis spans; default: the data's. */
  domain?: [number, number];
  /** Top of the y axis (e.g. 100 for percentages); default: the data's. */
  yMax?: number;
};

// visx leaves out points whose value is not a number, which breaks the line there.
const x = (p: TimePoint) => p.x;
const y = (p: TimePoint) => p.y ?? NaN;
const low = (p: TimePoint) => p.low ?? y(p);
const high = (p: TimePoint) => p.high ?? y(p);

const LEGEND_ROW = 18;

function legendRows(series: TimeSeries[], width: number): Array<Array<{ s: TimeSeries; at: number }>> {
  const rows: Array<Array<{ s: TimeSeries; at: number }>> = [[]];
  let at = 0;
  for (const s of series) {
    const w = 28 + s.label.length * 7;
    if (at + w > width - 80 && rows[rows.length - 1].length) {
      rows.push([]);
      at = 0;
    }
    rows[rows.length - 1].push({ s, at });
    at += w;
  }
  return rows;
}

export const TimeSeriesChart = memo(function TimeSeriesChart({ series, yLabel, height = 300, domain, yMax }: TimeSeriesChartProps) {
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const [from, to] = domain ?? [Math.min(...xs), Math.max(...xs)];
  const top = yMax ?? valueAxisTop(series.flatMap((s) => s.points));
  const [box, width] = useWidth<HTMLDivElement>();
  const chart = () => {
    if (width < 10 || xs.length === 0) return <svg width={width} height={height} role="img" aria-label={yLabel} />;
    const rows = legendRows(series, width);
    const legendHeight = rows.length * LEGEND_ROW + 6;
    return (
      <XYChart
        width={width}
        height={height + legendHeight}
        // The right margin holds half of the last tick's label ("00:30 +1").
        margin={{ top: legendHeight + 8, right: 36, bottom: 44, left: 60 }}
        // visx stretches a linear scale to 0 unless told not to: the day would start at midnight.
        xScale={{ type: 'linear', domain: [from, to], zero: false }}
        yScale={{ type: 'linear', domain: [0, top], nice: true }}
        accessibilityLabel={yLabel}
      >
        <g transform="translate(60, 4)">
          {rows.map((row, r) =>
            row.map(({ s, at }) => (
              <g key={s.id} transform={`translate(${at}, ${r * LEGEND_ROW})`}>
                <line x1={0} x2={20} y1={8} y2={8} stroke={s.colour} strokeWidth={2.5} strokeDasharray={s.dashed ? '5 3' : undefined} />
                <text x={25} y={12} fontSize={12} fill="#333">
                  {s.label}
                </text>
              </g>
            )),
          )}
        </g>
        <Grid columns={false} numTicks={5} lineStyle={{ stroke: '#e6e6e6' }} />
        {series.map((s) =>
          s.points.some((p) => p.low !== null) ? (
            <AreaSeries
              key={`${s.id}-band`}
              dataKey={`${s.id} band`}
              data={s.points.map((p) => ({ ...p, high: clippedHigh(p.high, top) }))}
              xAccessor={x}
              yAccessor={high}
              y0Accessor={low}
              renderLine={false}
              fill={s.colour}
              // Several bands on top of each other would hide the lines.
              fillOpacity={series.length > 2 ? 0.08 : 0.18}
            />
          ) : null,
        )}
        {series.map((s) => (
          <LineSeries
            key={s.id}
            dataKey={s.id}
            data={s.points}
            xAccessor={x}
            yAccessor={y}
            stroke={s.colour}
            strokeWidth={2}
            strokeDasharray={s.dashed ? '6 4' : undefined}
          />
        ))}
        <Axis orientation="bottom" label="Time of day (local)" tickValues={hourTicks(from, to, width)} tickFormat={(v) => formatMinutes(Number(v))} />
        <Axis orientation="left" label={yLabel} numTicks={5} labelOffset={28} />
        <Tooltip<TimePoint>
          snapTooltipToDatumX
          showVerticalCrosshair
          renderTooltip={({ tooltipData }) => {
            const nearest = tooltipData?.nearestDatum;
            if (!nearest) return null;
            return (
              <div className="chart-tooltip">
                <strong>{formatMinutes(nearest.datum.x)}</strong>
                {Object.entries(tooltipData.datumByKey)
                  .filter(([key]) => !key.endsWith(' band'))
                  .map(([key, d]) => (
                    <div key={key}>
                      {series.find((s) => s.id === key)?.label ?? key}: {d.datum.y === null ? 'closed' : d.datum.y.toFixed(1)}
                    </div>
                  ))}
              </div>
            );
          }}
        />
      </XYChart>
    );
  };
  return <div ref={box}>{chart()}</div>;
});
