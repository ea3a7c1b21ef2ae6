// The results of a run: key figures, queue length over time with the replication band, mean
// wait over time, waiting-time distributions, the level-of-service table, utilisation overall and
// over time, missed passengers per flight and bags reaching make-up per position; every chart and
// table exports.
import { useMemo, useState } from 'react';
import { BarChart } from '../../charts/BarChart';
import { ChartFigure } from '../../charts/ChartFigure';
import { colourFor } from '../../charts/palette';
import { formatMinutes } from '../../charts/timeFormat';
import { HeatmapChart } from '../../charts/HeatmapChart';
import { TimeSeriesChart } from '../../charts/TimeSeriesChart';
import type { ShownRun } from './atoms';
import {
  makeupResources,
  makeupSeries,
  missedBars,
  queueLengthSeries,
  queueUtilisationSeries,
  resourceUtilisationRows,
  utilisationBars,
  waitDistribution,
  outputSpan,
  waitMeanSeries,
  type Series,
  type TimeRange,
} from './model/chartData';
import { flightsTable, losTable, makeupTable, unusedTargetsNote, utilisationTable } from './model/tables';
import { ResultTable } from './ResultTable';

type ResultsViewProps = { run: ShownRun; range: TimeRange; title: string };

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function ResultsView({ run, range, title }: ResultsViewProps) {
  const { output } = run.results;
  const queueIds = Object.keys(output.queues);
  const colour = useMemo(() => colourFor(queueIds), [queueIds.join('\u0000')]);
  const domain: [number, number] | undefined = range ? [range.from, range.to] : undefined;
  const withColour = (series: Series[]) => series.map((s) => ({ ...s, colour: colour(s.id) }));
  const lengths = useMemo(() => withColour(queueLengthSeries(output, range)), [output, range, colour]);
  const waits = useMemo(() => withColour(waitMeanSeries(output, range)), [output, range, colour]);
  const checkin = lengths.filter((s) => output.queues[s.id].kind === 'checkin');
  const security = lengths.filter((s) => output.queues[s.id].kind === 'security');
  const [distributionQueue, setDistributionQueue] = useState(queueIds[0]);
  const shownQueue = output.queues[distributionQueue] ? distributionQueue : queueIds[0];
  const resources = makeupResources(output);
  const [makeupResource, setMakeupResource] = useState(resources[0]);
  const shownResource = resources.includes(makeupResource) ? makeupResource : resources[0];
  const positionColour = colourFor(output.makeup.positions.filter((p) => p.resource === shownResource).map((p) => `${p.resource}/${p.position}`));
  const utilisationLines = useMemo(() => withColour(queueUtilisationSeries(output, range)), [output, range, colour]);
  const [heatmapQueue, setHeatmapQueue] = useState(queueIds[0]);
  const shownHeatmap = output.queues[heatmapQueue] ? heatmapQueue : queueIds[0];
  const heatmapRows = useMemo(() => resourceUtilisationRows(output, shownHeatmap), [output, shownHeatmap]);
  const span = range ?? outputSpan(output);
  const prefix = title;
  const band = output.replications > 1 ? `; the band is the 95% interval over ${output.replications} replications` : '';

  return (
    <div className="sim-results">
      <dl className="sim-figures" aria-label="Key figures">
        <div>
          <dt>Passengers</dt>
          <dd>{fmt(output.passengers)}</dd>
        </div>
        <div>
          <dt>Missed check-in</dt>
          <dd>{fmt(output.missed_passengers, 1)}</dd>
        </div>
        <div>
          <dt>Bags to make-up</dt>
          <dd>{fmt(output.makeup.bags)}</dd>
        </div>
        <div>
          <dt>Early bags</dt>
          <dd>{fmt(output.makeup.early_bags)}</dd>
        </div>
        <div>
          <dt>Late bags</dt>
          <dd>{fmt(output.makeup.late_bags)}</dd>
        </div>
        <div>
          <dt>Replications</dt>
          <dd>{output.replications}</dd>
        </div>
      </dl>

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

      <ChartFigure
        title="Waiting-time distribution"
        fileName={`${prefix} waiting time ${shownQueue}`}
        caption={`Share of the passengers served at ${shownQueue} by wait (minutes); target ${output.queues[shownQueue]?.los_target_minutes} minutes.`}
        controls={
          <select className="sim-select" aria-label="Queue of the distribution" value={shownQueue} onChange={(e) => setDistributionQueue(e.target.value)}>
            {queueIds.map((id) => (
              <option key={id}>{id}</option>
            ))}
          </select>
        }
      >
        <BarChart
          sets={[{ id: shownQueue, label: shownQueue, colour: colour(shownQueue), bars: waitDistribution(output.queues[shownQueue]).map((b) => ({ label: b.label, value: b.share * 100 })) }]}
          xLabel="Wait (minutes)"
          yLabel="Passengers (%)"
        />
      </ChartFigure>

      <ChartFigure
        title="Utilisation over time"
        fileName={`${prefix} utilisation over time`}
        caption={`Busy time over open time of each queue's counters or lanes per ${output.bin_minutes} minutes; the line breaks where none was open${band}.`}
      >
        <TimeSeriesChart series={utilisationLines} yLabel="Utilisation (%)" domain={domain} yMax={100} height={260} />
      </ChartFigure>
      <ChartFigure
        title="Utilisation per resource over time"
        fileName={`${prefix} utilisation ${shownHeatmap}`}
        caption={`Busy time over open time of each counter or lane of ${shownHeatmap} per ${output.bin_minutes} minutes (mean over replications); grey where it was closed. Hover a cell for its value.`}
        controls={
          <select className="sim-select" aria-label="Queue of the resources" value={shownHeatmap} onChange={(e) => setHeatmapQueue(e.target.value)}>
            {queueIds.map((id) => (
              <option key={id}>{id}</option>
            ))}
          </select>
        }
      >
        {heatmapRows.length > 0 ? (
          <HeatmapChart rows={heatmapRows} binMinutes={output.bin_minutes} domain={[span.from, span.to]} valueLabel="Utilisation (%)" max={100} />
        ) : (
          <p className="muted">No resource of {shownHeatmap} opened in this run.</p>
        )}
      </ChartFigure>
      <ChartFigure title="Resource utilisation" fileName={`${prefix} utilisation`} caption="Busy time over open time of each resource that opened (check-in counters and security lanes), over the day.">
        <BarChart sets={[{ id: 'utilisation', label: 'Utilisation', colour: '#4e79a7', bars: utilisationBars(output) }]} xLabel="Resource" yLabel="Utilisation (%)" height={320} />
      </ChartFigure>
      <ResultTable table={utilisationTable(output)} filePrefix={prefix} tall />

      <ChartFigure
        title="Missed passengers per flight"
        fileName={`${prefix} missed passengers`}
        caption={output.missed_passengers > 0 ? 'Passengers who had not started check-in by its close (flights with the most, up to 25).' : 'No passenger missed check-in.'}
      >
        <BarChart sets={[{ id: 'missed', label: 'Missed', colour: '#e15759', bars: missedBars(output) }]} xLabel="Flight" yLabel="Passengers" height={280} />
      </ChartFigure>
      <ResultTable table={flightsTable(output, formatMinutes)} filePrefix={prefix} tall />

      {shownResource ? (
        <ChartFigure
          title="Bags reaching make-up"
          fileName={`${prefix} make-up ${shownResource}`}
          caption={`Bags per 5 minutes at each position of ${shownResource}; early bags are delivered when the position opens. Early ${fmt(output.makeup.early_bags)}, late ${fmt(output.makeup.late_bags)}, unallocated ${fmt(output.makeup.unallocated_bags)} over all positions.`}
          controls={
            <select className="sim-select" aria-label="Make-up resource" value={shownResource} onChange={(e) => setMakeupResource(e.target.value)}>
              {resources.map((id) => (
                <option key={id}>{id}</option>
              ))}
            </select>
          }
        >
          <TimeSeriesChart
            series={makeupSeries(output, shownResource, range).map((s) => ({ ...s, colour: positionColour(s.id) }))}
            yLabel="Bags per 5 min"
            domain={domain}
            height={260}
          />
        </ChartFigure>
      ) : (
        <p className="muted">No bags reached a make-up position: the scenario has no make-up allocations (run the make-up allocation first).</p>
      )}
      <ResultTable table={makeupTable(output)} filePrefix={prefix} tall />
    </div>
  );
}
