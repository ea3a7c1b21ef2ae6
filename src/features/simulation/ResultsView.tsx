// The results of a run: key figures, queue length over time with the replication band, mean
// wait over time, the level-of-service table, waiting-time distributions, utilisation overall and
// over time, missed passengers per flight and bags reaching make-up per position; every chart and
// table exports. The sections with a picker of their own are in results/. They are drawn one per
// task, so the page stays responsive while a run's results appear.
import { useEffect, useMemo, useState } from 'react';
import { BarChart } from '../../charts/BarChart';
import { ChartFigure } from '../../charts/ChartFigure';
import { colourFor } from '../../charts/palette';
import { formatMinutes } from '../../charts/timeFormat';
import { TimeSeriesChart } from '../../charts/TimeSeriesChart';
import { useStableList } from '../../components/useStableList';
import type { ShownRun } from './atoms';
import { missedBars, queueLengthSeries, waitMeanSeries, type TimeRange } from './model/chartData';
import { flightsTable, losTable, spaceTable, unusedTargetsNote } from './model/tables';
import { ResultTable } from './ResultTable';
import { KeyFigures } from './results/KeyFigures';
import { MakeupBags } from './results/MakeupBags';
import type { ResultsSection } from './results/section';
import { UtilisationCharts } from './results/UtilisationCharts';
import { WaitDistribution } from './results/WaitDistribution';

type ResultsViewProps = { run: ShownRun; range: TimeRange; title: string };

/**
 * How many of a run's `count` sections to draw: one more per task, from the first, so that a run's
 * results never hold the page in one long task (all of them at once took 200 to 400 ms on the
 * demo day); a new run starts again from the first.
 */
function useMountedInTurn(run: ShownRun, count: number): number {
  const [progress, setProgress] = useState({ run, mounted: 1 });
  if (progress.run !== run) setProgress({ run, mounted: 1 });
  const { mounted } = progress;
  useEffect(() => {
    if (mounted >= count) return;
    const next = setTimeout(() => setProgress((p) => ({ ...p, mounted: p.mounted + 1 })));
    return () => clearTimeout(next);
  }, [mounted, count]);
  return Math.min(mounted, count);
}

export function ResultsView({ run, range, title }: ResultsViewProps) {
  const { output } = run.results;
  const queueIds = useStableList(Object.keys(output.queues));
  const colour = useMemo(() => colourFor(queueIds), [queueIds]);
  const section: ResultsSection = {
    output,
    prefix: title,
    range,
    domain: range ? [range.from, range.to] : undefined,
    colour,
    band: output.replications > 1 ? `; the band is the 95% interval over ${output.replications} replications` : '',
  };
  const { prefix, domain, band } = section;
  const lengths = useMemo(() => queueLengthSeries(output, range).map((s) => ({ ...s, colour: colour(s.id) })), [output, range, colour]);
  const waits = useMemo(() => waitMeanSeries(output, range).map((s) => ({ ...s, colour: colour(s.id) })), [output, range, colour]);
  const checkin = lengths.filter((s) => output.queues[s.id].kind === 'checkin');
  const security = lengths.filter((s) => output.queues[s.id].kind === 'security');

  const sections = [
    <KeyFigures key="figures" output={output} />,
    <ChartFigure
      key="checkin"
      title="Check-in queue length"
      fileName={`${prefix} check-in queue length`}
      caption={`Passengers waiting, mean per 5 minutes${band}.`}
    >
      <TimeSeriesChart series={checkin} yLabel="Passengers waiting" domain={domain} />
    </ChartFigure>,
    security.length > 0 && (
      <ChartFigure
        key="security"
        title="Security queue length"
        fileName={`${prefix} security queue length`}
        caption={`Passengers waiting, mean per 5 minutes${band}.`}
      >
        <TimeSeriesChart series={security} yLabel="Passengers waiting" domain={domain} height={240} />
      </ChartFigure>
    ),
    <ChartFigure
      key="waits"
      title="Mean wait over time"
      fileName={`${prefix} mean wait`}
      caption="Mean wait of the passengers joining each queue per 5 minutes."
    >
      <TimeSeriesChart series={waits} yLabel="Wait (minutes)" domain={domain} />
    </ChartFigure>,
    <LosSection key="los" run={run} prefix={prefix} />,
    <SpaceSection key="space" run={run} prefix={prefix} />,
    <WaitDistribution key="distribution" {...section} />,
    <UtilisationCharts key="utilisation" {...section} />,
    <MissedSection key="missed" output={output} prefix={prefix} />,
    <FlightsSection key="flights" output={output} prefix={prefix} />,
    <MakeupBags key="makeup" {...section} />,
  ].filter(Boolean);
  const mounted = useMountedInTurn(run, sections.length);

  return (
    <div className="sim-results" data-complete={mounted === sections.length || undefined}>
      {sections.slice(0, mounted)}
    </div>
  );
}

// The sections that compute their tables or bars as they are drawn, in their turn.

function LosSection({ run, prefix }: { run: ShownRun; prefix: string }) {
  return (
    <ResultTable
      table={losTable(run.results.output, run.processes)}
      filePrefix={prefix}
      caption={`Share of passengers served within the target wait with its 95 % interval (cut at 0 and 100 %, where the normal approximation of a share strays beyond), wait percentiles of all replications pooled, and per replication the passengers served, the longest queue and the missed passengers, averaged (mean). ${unusedTargetsNote(run.processes)}`.trim()}
    />
  );
}

function SpaceSection({ run, prefix }: { run: ShownRun; prefix: string }) {
  return (
    <ResultTable
      table={spaceTable(run.results.output, run.processes)}
      filePrefix={prefix}
      caption="The space each queue's waiting passengers have, rated moment by moment against the IATA optimum per passenger (passengers with trolleys count for more): the share of the time anyone waits at optimum and crowded (sub-optimum), the share of passengers who found it crowded on joining, and the least space, at the 95th percentile over replications of each 5 minutes' longest queue."
    />
  );
}

type OutputSectionProps = { output: ShownRun['results']['output']; prefix: string };

function MissedSection({ output, prefix }: OutputSectionProps) {
  return (
    <ChartFigure
      title="Missed passengers per flight"
      fileName={`${prefix} missed passengers`}
      caption={
        output.missed_passengers > 0
          ? 'Passengers who had not started check-in by its close (flights with the most, up to 25).'
          : 'No passenger missed check-in.'
      }
    >
      <BarChart sets={[{ id: 'missed', label: 'Missed', colour: '#e15759', bars: missedBars(output) }]} xLabel="Flight" yLabel="Passengers" height={280} />
    </ChartFigure>
  );
}

function FlightsSection({ output, prefix }: OutputSectionProps) {
  return <ResultTable table={flightsTable(output, formatMinutes)} filePrefix={prefix} tall />;
}
