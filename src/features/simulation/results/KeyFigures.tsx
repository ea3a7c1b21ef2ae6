// The run's key figures above its charts.
import type { ShownRun } from '../atoms';
import { fmt } from './format';

export function KeyFigures({ output }: { output: ShownRun['results']['output'] }) {
  const figures: [string, string][] = [
    ['Passengers', fmt(output.passengers)],
    ['Missed check-in', fmt(output.missed_passengers, 1)],
    ['Bags to make-up', fmt(output.makeup.bags)],
    ['Early bags', fmt(output.makeup.early_bags)],
    ['Late bags', fmt(output.makeup.late_bags)],
    ['Replications', String(output.replications)],
  ];
  return (
    <dl className="sim-figures" aria-label="Key figures">
      {figures.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
