// Bags reaching make-up, per position of one make-up resource at a time, and the make-up table.
import { useState } from 'react';
import { ChartFigure } from '../../../charts/ChartFigure';
import { colourFor } from '../../../charts/palette';
import { TimeSeriesChart } from '../../../charts/TimeSeriesChart';
import { makeupResources, makeupSeries } from '../model/chartData';
import { makeupTable } from '../model/tables';
import { ResultTable } from '../ResultTable';
import { ChoiceSelect, shownChoice } from './ChoiceSelect';
import { fmt } from './format';
import type { ResultsSection } from './section';

export function MakeupBags({ output, prefix, range, domain }: ResultsSection) {
  const resources = makeupResources(output);
  const [picked, setPicked] = useState<string>();
  const resource = shownChoice(picked, resources);
  const { makeup } = output;
  const positionColour = colourFor(makeup.positions.filter((p) => p.resource === resource).map((p) => `${p.resource}/${p.position}`));
  return (
    <>
      {resource ? (
        <ChartFigure
          title="Bags reaching make-up"
          fileName={`${prefix} make-up ${resource}`}
          caption={`Bags per 5 minutes at each position of ${resource}; early bags are delivered when the position opens. Early ${fmt(makeup.early_bags)}, late ${fmt(makeup.late_bags)}, unallocated ${fmt(makeup.unallocated_bags)} over all positions.`}
          controls={<ChoiceSelect label="Make-up resource" value={resource} choices={resources} onChange={setPicked} />}
        >
          <TimeSeriesChart
            series={makeupSeries(output, resource, range).map((s) => ({ ...s, colour: positionColour(s.id) }))}
            yLabel="Bags per 5 min"
            domain={domain}
            height={260}
          />
        </ChartFigure>
      ) : (
        <p className="muted">No bags reached a make-up position: the scenario has no make-up allocations (run the make-up allocation first).</p>
      )}
      <ResultTable table={makeupTable(output)} filePrefix={prefix} tall />
    </>
  );
}
