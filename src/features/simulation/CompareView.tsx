// The run being viewed beside the base it is compared with (a saved run, or another scenario's):
// queue length, mean wait and utilisation overlaid (this run solid, the base dashed, one colour
// per queue), the share within target per queue as paired bars, and the table of changes from
// the base to this run, coloured better or worse.
import { useMemo } from 'react';
import { BarChart } from '../../charts/BarChart';
import { ChartFigure } from '../../charts/ChartFigure';
import { colourFor } from '../../charts/palette';
import { TimeSeriesChart } from '../../charts/TimeSeriesChart';
import { useStableList } from '../../components/useStableList';
import type { ShownRun } from './atoms';
import { queueLengthSeries, queueUtilisationSeries, waitMeanSeries, type Series, type TimeRange } from './model/chartData';
import { differencesTable } from './model/tables';
import { ResultTable } from './ResultTable';

export type NamedRun = { label: string; run: ShownRun };

type CompareViewProps = { variant: NamedRun; base: NamedRun; range: TimeRange };

export function CompareView({ variant: a, base: b, range }: CompareViewProps) {
  const ids = useStableList([...new Set([...Object.keys(a.run.results.output.queues), ...Object.keys(b.run.results.output.queues)])]);
  const colour = useMemo(() => colourFor(ids), [ids]);
  const domain: [number, number] | undefined = range ? [range.from, range.to] : undefined;
  const overlay = (sa: Series[], sb: Series[]) => [
    ...sa.map((s) => ({ ...s, id: `this ${s.id}`, label: `${s.label} (this run)`, colour: colour(s.id) })),
    ...sb.map((s) => ({ ...s, id: `base ${s.id}`, label: `${s.label} (base)`, colour: colour(s.id), dashed: true })),
  ];
  const checkin = (r: ShownRun) => (s: Series) => r.results.output.queues[s.id]?.kind === 'checkin';
  const lengths = overlay(
    queueLengthSeries(a.run.results.output, range).filter(checkin(a.run)),
    queueLengthSeries(b.run.results.output, range).filter(checkin(b.run)),
  );
  const waits = overlay(waitMeanSeries(a.run.results.output, range), waitMeanSeries(b.run.results.output, range));
  const utilisation = overlay(queueUtilisationSeries(a.run.results.output, range), queueUtilisationSeries(b.run.results.output, range));
  const withinBars = (r: ShownRun) => ids.map((id) => ({ label: id, value: (r.results.output.queues[id]?.share_within_target ?? 0) * 100 }));
  const prefix = `${a.label} vs ${b.label}`;

  return (
    <div className="sim-results" aria-label="Comparison">
      <p className="sim-compare__legend">
        <span className="sim-compare__key">This run</span> {a.label} (solid) <span className="sim-compare__key sim-compare__key--b">Base</span> {b.label}{' '}
        (dashed)
      </p>
      <ChartFigure
        title="Check-in queue length, this run and base"
        fileName={`${prefix} queue length`}
        caption="Passengers waiting, mean per 5 minutes; bands: 95% intervals over replications."
      >
        <TimeSeriesChart series={lengths} yLabel="Passengers waiting" domain={domain} />
      </ChartFigure>
      <ChartFigure
        title="Mean wait over time, this run and base"
        fileName={`${prefix} mean wait`}
        caption="Mean wait of the passengers joining each queue per 5 minutes."
      >
        <TimeSeriesChart series={waits} yLabel="Wait (minutes)" domain={domain} />
      </ChartFigure>
      <ChartFigure
        title="Utilisation over time, this run and base"
        fileName={`${prefix} utilisation`}
        caption={`Busy time over open time of each queue's counters or lanes per ${a.run.results.output.bin_minutes} minutes; bands: 95% intervals over replications.`}
      >
        <TimeSeriesChart series={utilisation} yLabel="Utilisation (%)" domain={domain} yMax={100} height={260} />
      </ChartFigure>
      <ChartFigure
        title="Share within target, this run and base"
        fileName={`${prefix} within target`}
        caption="Share of the passengers of each queue served within its level-of-service target."
      >
        <BarChart
          sets={[
            { id: 'this', label: `This run: ${a.label}`, colour: '#4e79a7', bars: withinBars(a.run) },
            { id: 'base', label: `Base: ${b.label}`, colour: '#f28e2b', bars: withinBars(b.run) },
          ]}
          xLabel="Queue"
          yLabel="Within target (%)"
          yMax={100}
        />
      </ChartFigure>
      <ResultTable
        table={differencesTable(a.run.results.output, b.run.results.output, { variant: 'this run', base: 'base' })}
        filePrefix={prefix}
        caption="Per queue: this run, the base, and the change (this run minus base; green better, red worse)."
      />
    </div>
  );
}
