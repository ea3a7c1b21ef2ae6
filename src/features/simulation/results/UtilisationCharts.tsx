// Utilisation of the counters and lanes: each queue's over time, each resource of one queue over
// time (a heatmap), and each resource over the day with its table.
import { useMemo, useState } from 'react';
import { BarChart } from '../../../charts/BarChart';
import { ChartFigure } from '../../../charts/ChartFigure';
import { HeatmapChart } from '../../../charts/HeatmapChart';
import { TimeSeriesChart } from '../../../charts/TimeSeriesChart';
import { outputSpan, queueUtilisationSeries, resourceUtilisationRows, utilisationBars } from '../model/chartData';
import { utilisationTable } from '../model/tables';
import { ResultTable } from '../ResultTable';
import { ChoiceSelect, shownChoice } from './ChoiceSelect';
import type { ResultsSection } from './section';

export function UtilisationCharts({ output, prefix, range, domain, colour, band }: ResultsSection) {
  const queueIds = Object.keys(output.queues);
  const lines = useMemo(() => queueUtilisationSeries(output, range).map((s) => ({ ...s, colour: colour(s.id) })), [output, range, colour]);
  const [picked, setPicked] = useState<string>();
  const queue = shownChoice(picked, queueIds);
  const rows = useMemo(() => resourceUtilisationRows(output, queue), [output, queue]);
  const span = range ?? outputSpan(output);
  return (
    <>
      <ChartFigure
        title="Utilisation over time"
        fileName={`${prefix} utilisation over time`}
        caption={`Busy time over open time of each queue's counters or lanes per ${output.bin_minutes} minutes; the line breaks where none was open${band}.`}
      >
        <TimeSeriesChart series={lines} yLabel="Utilisation (%)" domain={domain} yMax={100} height={260} />
      </ChartFigure>
      <ChartFigure
        title="Utilisation per resource over time"
        fileName={`${prefix} utilisation ${queue}`}
        caption={`Busy time over open time of each counter or lane of ${queue} per ${output.bin_minutes} minutes (mean over replications); grey where it was closed. Hover a cell for its value.`}
        controls={<ChoiceSelect label="Queue of the resources" value={queue} choices={queueIds} onChange={setPicked} />}
      >
        {rows.length > 0 ? (
          <HeatmapChart rows={rows} binMinutes={output.bin_minutes} domain={[span.from, span.to]} valueLabel="Utilisation (%)" max={100} />
        ) : (
          <p className="muted">No resource of {queue} opened in this run.</p>
        )}
      </ChartFigure>
      <ChartFigure
        title="Resource utilisation"
        fileName={`${prefix} utilisation`}
        caption="Busy time over open time of each resource that opened (check-in counters and security lanes), over the day."
      >
        <BarChart
          sets={[{ id: 'utilisation', label: 'Utilisation', colour: '#4e79a7', bars: utilisationBars(output) }]}
          xLabel="Resource"
          yLabel="Utilisation (%)"
          height={320}
        />
      </ChartFigure>
      <ResultTable table={utilisationTable(output)} filePrefix={prefix} tall />
    </>
  );
}
