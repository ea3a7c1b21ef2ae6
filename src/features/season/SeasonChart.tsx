// Every day of a season as a bar (departures, seats or passengers), the design day and the day
// being looked at marked; clicking a bar picks that day. Labels at the first of each month.
import { memo } from 'react';
import { Axis, BarSeries, Grid, Tooltip, XYChart } from '@visx/xychart';
import { useWidth } from '../../charts/useWidth';
import type { SeasonDay } from '../../../workers/schedule/season';
import { weekdayOf } from './model/seasonTables';

export type SeasonMeasure = 'departures' | 'seats' | 'passengers';

type SeasonChartProps = { days: SeasonDay[]; measure: SeasonMeasure; designDate: string | null; picked: string | null; onPick: (date: string) => void };

const date = (d: SeasonDay) => d.date;
const COLOURS = { plain: '#8fa8c8', design: '#c2185b', picked: '#f5a623' };

export const SeasonChart = memo(function SeasonChart({ days, measure, designDate, picked, onPick }: SeasonChartProps) {
  const [box, width] = useWidth<HTMLDivElement>();
  const value = (d: SeasonDay) => d[measure];
  // A label where a month begins (or every day of a short season).
  const ticks = days.length <= 14 ? days.map(date) : days.filter((d, k) => k === 0 || d.date.endsWith('-01')).map(date);
  const label = `${measure[0].toUpperCase()}${measure.slice(1)} per day`;
  return (
    <div ref={box}>
      {width < 10 ? (
        <svg width={width} height={260} role="img" aria-label={label} />
      ) : (
        <XYChart
          width={width}
          height={260}
          margin={{ top: 12, right: 16, bottom: 40, left: 64 }}
          xScale={{ type: 'band', paddingInner: 0.15 }}
          yScale={{ type: 'linear', nice: true, zero: true }}
          accessibilityLabel={label}
          onPointerUp={({ datum }) => datum && onPick((datum as SeasonDay).date)}
        >
          <Grid columns={false} numTicks={5} lineStyle={{ stroke: '#e6e6e6' }} />
          <BarSeries
            dataKey="days"
            data={days}
            xAccessor={date}
            yAccessor={value}
            colorAccessor={(d) => (d.date === picked ? COLOURS.picked : d.date === designDate ? COLOURS.design : COLOURS.plain)}
          />
          <Axis orientation="bottom" tickValues={ticks} tickFormat={(d: string) => (days.length <= 14 ? `${weekdayOf(d)} ${d.slice(8)}` : d.slice(0, 7))} />
          <Axis orientation="left" label={label} numTicks={5} />
          <Tooltip<SeasonDay>
            showVerticalCrosshair
            renderTooltip={({ tooltipData }) => {
              const d = tooltipData?.nearestDatum?.datum;
              return d
                ? `${weekdayOf(d.date)} ${d.date}: ${d.departures} departures, ${d.seats} seats, ${d.passengers} passengers (click to look at it)`
                : null;
            }}
          />
        </XYChart>
      )}
    </div>
  );
});
