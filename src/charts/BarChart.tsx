// Vertical bars over categories (a histogram's intervals, resources, flights), optionally two
// bars per category for a comparison. Props in, SVG out.
import { memo } from 'react';
import { Axis, BarGroup, BarSeries, Grid, Tooltip, XYChart } from '@visx/xychart';
import { useWidth } from './useWidth';

export type BarDatum = { label: string; value: number };
type BarSet = { id: string; label: string; bars: BarDatum[]; colour: string };

type BarChartProps = { sets: BarSet[]; xLabel: string; yLabel: string; height?: number; yMax?: number };

const x = (d: BarDatum) => d.label;
/** Left plus right margin of the plot. */
const MARGIN_X = 80;
const y = (d: BarDatum) => d.value;

export const BarChart = memo(function BarChart({ sets, xLabel, yLabel, height = 280, yMax }: BarChartProps) {
  const categories = sets[0]?.bars.length ?? 0;
  const top = yMax ?? Math.max(1, ...sets.flatMap((s) => s.bars.map(y))) * 1.08;
  const longest = Math.max(0, ...sets.flatMap((s) => s.bars.map((b) => b.label.length)));
  const legend = sets.length > 1;
  const series = sets.map((s) => <BarSeries key={s.id} dataKey={s.id} data={s.bars} xAccessor={x} yAccessor={y} colorAccessor={() => s.colour} />);
  const [box, width] = useWidth<HTMLDivElement>();
  // Labels slant only when the longest (about 6.5 px a character at 11 px) is wider than a band.
  const band = (width - MARGIN_X) / Math.max(1, categories);
  const rotate = longest * 6.5 > band * 0.9;
  const bottom = rotate ? 24 + Math.min(longest, 18) * 6 : 44;
  return (
    <div ref={box}>
      {width < 10 ? (
        <svg width={width} height={height} role="img" aria-label={yLabel} />
      ) : (
        <XYChart
          width={width}
          height={height}
          margin={{ top: legend ? 28 : 12, right: 20, bottom, left: 60 }}
          xScale={{ type: 'band', paddingInner: 0.25, paddingOuter: 0.1 }}
          yScale={{ type: 'linear', domain: [0, top], nice: true }}
          accessibilityLabel={yLabel}
        >
          {legend && (
            <g transform="translate(60, 4)">
              {sets.map((s, i) => (
                <g key={s.id} transform={`translate(${sets.slice(0, i).reduce((at, p) => at + 40 + p.label.length * 7, 0)}, 0)`}>
                  <rect width={12} height={12} fill={s.colour} />
                  <text x={18} y={11} fontSize={12} fill="#333">
                    {s.label}
                  </text>
                </g>
              ))}
            </g>
          )}
          <Grid columns={false} numTicks={5} lineStyle={{ stroke: '#e6e6e6' }} />
          {sets.length > 1 ? <BarGroup padding={0.1}>{series}</BarGroup> : series}
          <Axis
            orientation="bottom"
            label={rotate ? undefined : xLabel}
            numTicks={categories}
            tickLabelProps={rotate ? () => ({ angle: -45, textAnchor: 'end', verticalAnchor: 'middle', fontSize: 11, dx: -4 }) : undefined}
          />
          <Axis orientation="left" label={yLabel} numTicks={5} labelOffset={28} />
          <Tooltip<BarDatum>
            renderTooltip={({ tooltipData }) => {
              const nearest = tooltipData?.nearestDatum;
              if (!nearest) return null;
              return (
                <div className="chart-tooltip">
                  <strong>{nearest.datum.label}</strong>
                  {Object.entries(tooltipData.datumByKey).map(([key, d]) => (
                    <div key={key}>
                      {sets.find((s) => s.id === key)?.label}: {d.datum.value.toFixed(1)}
                    </div>
                  ))}
                </div>
              );
            }}
          />
        </XYChart>
      )}
    </div>
  );
});
