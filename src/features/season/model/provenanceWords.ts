// Where a scenario's design day came from and how it was grown, in a sentence each (pure): shown
// on the season overview and the flights screen, and written into every table export.
import type { ScenarioProvenance } from '../../../../workers/schedule/provenance';

/** Where the design day came from and how it was grown, in a sentence each. */
export function provenanceWords(provenance: ScenarioProvenance): string[] {
  const words: string[] = [];
  const day = provenance.design_day;
  if (day) words.push(`Design day ${day.date} from ${day.file_name}: ${day.why}.`);
  const growth = provenance.growth;
  if (growth) {
    const airlines = Object.entries({ ...growth.airline_factors, ...growth.sector_factors }).map(([code, f]) => `${code} × ${f}`);
    const removed = growth.removed_flights.length ? `, ${growth.removed_flights.length} flights removed` : '';
    const gauges = Object.entries(growth.upgauge ?? {}).map(([from, to]) => `${from} → ${to}`);
    words.push(
      `Grown from ${growth.from_scenario_name}${growth.year ? ` for ${growth.year}` : ''} by × ${growth.factor}${airlines.length ? ` (${airlines.join(', ')})` : ''}, seed ${growth.seed}: ` +
        `${growth.new_flights.length} new flights${removed}${gauges.length ? `; ${gauges.join(', ')} (${growth.upgauged_flights} flights)` : ''}${growth.load_factor ? `; load factor ${growth.load_factor}` : ''}.`,
    );
  }
  return words;
}
