// The results of a run: key figures, queue length over time with the replication band, mean
// wait over time, the level-of-service table, waiting-time distributions, utilisation overall and
// over time, missed passengers per flight and bags reaching make-up per position; every chart and
// table exports. The sections with a picker of their own are in results/.
import { useMemo } from 'react';
import { BarChart } from '../../charts/BarChart';
import { ChartFigure } from '../../charts/ChartFigure';
import { colourFor } from '../../charts/palette';
import { formatMinutes } from '../../charts/timeFormat';
import { TimeSeriesChart } from '../../charts/TimeSeriesChart';
import { useStableList } from '../../components/useStableList';
import type { ShownRun } from './atoms';
import { missedBars, queueLengthSeries, waitMeanSeries, type TimeRange } from './model/chartData';
import { flightsTable, losTable, unusedTargetsNote } from './model/tables';
import { ResultTable } from './ResultTable';
import { KeyFigures } from './results/KeyFigures';
import { MakeupBags } from './results/MakeupBags';
import type { ResultsSection } from './results/section';
import { UtilisationCharts } from './results/UtilisationCharts';
import { WaitDistribution } from './results/WaitDistribution';

type ResultsViewProps = { run: ShownRun; range: TimeRange; title: string };

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

  return (
    <div className="sim-results">
      <KeyFigures output={output} />
      <ChartFigure title="Check-in queue length" fileName={`${prefix} check-in queue length`} caption={`Passengers waiting, mean per 5 minutes${band}.`}>
        <TimeSeriesChart series={checkin} yLabel="Passengers waiting" domain={domain} />
      </ChartFigure>
      {security.length > 0 && (
        <ChartFigure title="Security queue length" fileName={`${prefix} security queue length`} caption={`Passengers waiting, mean per 5 minutes${band}.`}>
          <TimeSeriesChart series={security} yLabel="Passengers waiting" domain={domain} height={240} />
        </ChartFigure>
      )}
      <ChartFigure title="Mean wait over time" fileName={`${prefix} mean wait`} caption="Mean wait of the passengers joining each queue per 5 minutes.">
        <TimeSeriesChart series={waits} yLabel="Wait (minutes)" domain={domain} />
      </ChartFigure>
      <ResultTable
        table={losTable(output, run.processes)}
        filePrefix={prefix}
        caption={`Share of passengers served within the target wait with its 95 % interval (cut at 0 and 100 %, where the normal approximation of a share strays beyond), wait percentiles of all replications pooled, and per replication the passengers served, the longest queue and the missed passengers, averaged (mean). ${unusedTargetsNote(run.processes)}`.trim()}
      />
      <WaitDistribution {...section} />
      <UtilisationCharts {...section} />
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
      <ResultTable table={flightsTable(output, formatMinutes)} filePrefix={prefix} tall />
      <MakeupBags {...section} />
    </div>
  );
}
