// The overview's charts: one per process (check-in counters, bag drops, kiosks, security lanes),
// the positions the sized plan opens over the day against what the current plan opens and what
// the terminal has, all of the process's groups together.
import { memo, useMemo } from 'react';
import { ChartFigure } from '../../charts/ChartFigure';
import { TimeSeriesChart, type TimeSeries } from '../../charts/TimeSeriesChart';
import { peakOf, positionsByProcess, PROCESS_NAMES, type ProcessLoad } from './model/overview';
import { POSITION_NAMES, stepPoints, type AirportSizingOutput } from './model/plan';

/** The sized plan, the current plan and the terminal, as every group chart draws them. */
const PLAN_COLOURS = { plan: '#1f6feb', current: '#8a8f98', capacity: '#d1242f' };

/** The three step lines of a chart of positions open per period. */
export function planSeries(start: number, periodMinutes: number, sized: readonly number[], current: readonly number[], capacity: number): TimeSeries[] {
  const steps = (values: readonly number[]) => stepPoints(values, start, periodMinutes);
  return [
    { id: 'plan', label: 'Sized plan', colour: PLAN_COLOURS.plan, points: steps(sized) },
    { id: 'current', label: 'Current plan', colour: PLAN_COLOURS.current, dashed: true, points: steps(current) },
    { id: 'capacity', label: 'Terminal has', colour: PLAN_COLOURS.capacity, dashed: true, points: steps(sized.map(() => capacity)) },
  ];
}

function ProcessChart({ load, filePrefix }: { load: ProcessLoad; filePrefix: string }) {
  const { peak, at } = peakOf(load);
  // A terminal with far more positions than either plan opens would squash both lines flat: its
  // line is then left to the caption.
  const top = Math.ceil(Math.max(1, ...load.sized, ...load.current) * 1.25);
  const series = useMemo(() => {
    const lines = planSeries(load.start, load.periodMinutes, load.sized, load.current, load.capacity);
    return load.capacity <= top ? lines : lines.filter((line) => line.id !== 'capacity');
  }, [load, top]);
  const name = PROCESS_NAMES[load.kind];
  const many = POSITION_NAMES[load.kind].many;
  return (
    <ChartFigure
      title={`${name} open`}
      fileName={`${filePrefix} ${name}`}
      caption={`Peak ${peak} ${many} from ${at}; today's plan opens up to ${Math.max(0, ...load.current)}, the terminal has ${load.capacity}${load.capacity > top ? ' (above the chart)' : ''}.`}
    >
      <TimeSeriesChart series={series} yLabel={`${name} open`} height={180} yMax={Math.max(top, load.capacity <= top ? load.capacity + 1 : 0)} />
    </ChartFigure>
  );
}

export const ProcessCharts = memo(function ProcessCharts({ plan, filePrefix }: { plan: AirportSizingOutput; filePrefix: string }) {
  const loads = useMemo(() => positionsByProcess(plan), [plan]);
  return (
    <div className="req-overview__charts">
      {loads.map((load) => (
        <ProcessChart key={load.kind} load={load} filePrefix={filePrefix} />
      ))}
    </div>
  );
});
