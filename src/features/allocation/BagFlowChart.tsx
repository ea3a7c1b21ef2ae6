// The bags flowing into make-up per 5 minutes over the day, one line per make-up zone (visx).
import { memo } from 'react';
import { Axis, Grid, LineSeries, Tooltip, XYChart } from '@visx/xychart';
import { seriesColour } from '../../../workers/report/colours';
import { clockLabel } from '../../../workers/report/time';
import type { BagFlow } from './model/containers';

type Point = { x: number; y: number };
const x = (p: Point) => p.x;
const y = (p: Point) => p.y;

/** Every second hour over the flow's slots. */
function hourTicks(flow: BagFlow): number[] {
  const end = flow.from + (flow.series[0]?.length ?? 0) * flow.slotMinutes;
  const out: number[] = [];
  for (let t = Math.ceil(flow.from / 120) * 120; t <= end; t += 120) out.push(t);
  return out;
}

export const BagFlowChart = memo(function BagFlowChart({ flow, width = 1100 }: { flow: BagFlow; width?: number }) {
  const series = flow.zones.map((zone, i) => ({ zone, colour: seriesColour(i), points: flow.series[i].map((v, k) => ({ x: flow.from + k * flow.slotMinutes, y: Math.round(v * 10) / 10 })) }));
  return (
    <figure className="bag-flow" aria-label="Bags into make-up per 5 minutes">
      <XYChart width={width} height={300} margin={{ top: 16, right: 24, bottom: 48, left: 64 }} xScale={{ type: 'linear' }} yScale={{ type: 'linear', nice: true, zero: true }}>
        <Grid columns={false} numTicks={5} lineStyle={{ stroke: '#e6e6e6' }} />
        {series.map((s) => (
          <LineSeries key={s.zone} dataKey={s.zone} data={s.points} xAccessor={x} yAccessor={y} colorAccessor={() => s.colour} />
        ))}
        <Axis orientation="bottom" label="Time of day (local)" tickValues={hourTicks(flow)} tickFormat={(v) => clockLabel(Number(v))} />
        <Axis orientation="left" label={`Bags per ${flow.slotMinutes} minutes`} numTicks={5} />
        <Tooltip<Point>
          showVerticalCrosshair
          renderTooltip={({ tooltipData }) => {
            const nearest = tooltipData?.nearestDatum;
            return nearest ? (
              <span>
                {clockLabel(nearest.datum.x)} · {nearest.key}: {nearest.datum.y} bags
              </span>
            ) : null;
          }}
        />
      </XYChart>
      {series.length > 1 && (
        <figcaption className="bag-flow__legend">
          {series.map((s) => (
            <span key={s.zone}>
              <i style={{ background: s.colour }} /> {s.zone}
            </span>
          ))}
        </figcaption>
      )}
    </figure>
  );
});
