// The bar chart of a turn-up profile: the share of a flight's passengers arriving in each bin
// before STD, redrawn as the shares are typed, with the 100 % rule stated under it.
import { memo } from 'react';
import { Axis, BarSeries, Grid, XYChart } from '@visx/xychart';
import { sharesRuleMessage, sharesTotal, turnupBars, type TurnupBar } from './turnupProfile';

type TurnupChartProps = { name: string; shares: number[]; binMinutes: number; earliestMinutes: number };

const accessors = { x: (bar: TurnupBar) => bar.label, y: (bar: TurnupBar) => bar.share };

export const TurnupChart = memo(function TurnupChart({ name, shares, binMinutes, earliestMinutes }: TurnupChartProps) {
  const bars = turnupBars(shares, binMinutes, earliestMinutes);
  const problem = sharesRuleMessage(shares);
  return (
    <figure className="turnup-chart" aria-label={`Turn-up profile ${name}`}>
      <figcaption className="turnup-chart__caption">
        <strong>{name || 'New profile'}</strong>: share of passengers arriving per {binMinutes}-minute bin (minutes before STD)
      </figcaption>
      {bars.length > 0 && (
        <XYChart
          width={760}
          height={240}
          margin={{ top: 12, right: 16, bottom: 40, left: 44 }}
          xScale={{ type: 'band', paddingInner: 0.2, paddingOuter: 0.1 }}
          yScale={{ type: 'linear', domain: [0, Math.max(10, ...shares) * 1.1], nice: true }}
        >
          <Grid columns={false} numTicks={4} lineStyle={{ stroke: '#e4e4e4' }} />
          <BarSeries dataKey="shares" data={bars} xAccessor={accessors.x} yAccessor={accessors.y} colorAccessor={() => '#ff69b4'} />
          <Axis orientation="bottom" label="Minutes before STD" numTicks={Math.min(bars.length, 18)} />
          <Axis orientation="left" label="%" numTicks={4} />
        </XYChart>
      )}
      <p className={`rule-line${problem ? ' rule-line--bad' : ' rule-line--ok'}`} role="status">
        {problem ?? `Shares total ${sharesTotal(shares)} %.`}
      </p>
    </figure>
  );
});
