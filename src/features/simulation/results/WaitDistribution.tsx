// The waiting-time distribution of one queue at a time.
import { useState } from 'react';
import { BarChart } from '../../../charts/BarChart';
import { ChartFigure } from '../../../charts/ChartFigure';
import { waitDistribution } from '../model/chartData';
import { ChoiceSelect, shownChoice } from './ChoiceSelect';
import type { ResultsSection } from './section';

export function WaitDistribution({ output, prefix, colour }: ResultsSection) {
  const queueIds = Object.keys(output.queues);
  const [picked, setPicked] = useState<string>();
  const queue = shownChoice(picked, queueIds);
  return (
    <ChartFigure
      title="Waiting-time distribution"
      fileName={`${prefix} waiting time ${queue}`}
      caption={`Share of the passengers served at ${queue} by wait (minutes); target ${output.queues[queue]?.los_target_minutes} minutes.`}
      controls={<ChoiceSelect label="Queue of the distribution" value={queue} choices={queueIds} onChange={setPicked} />}
    >
      <BarChart
        sets={[
          {
            id: queue,
            label: queue,
            colour: colour(queue),
            bars: waitDistribution(output.queues[queue]).map((b) => ({ label: b.label, value: b.share * 100 })),
          },
        ]}
        xLabel="Wait (minutes)"
        yLabel="Passengers (%)"
      />
    </ChartFigure>
  );
}
