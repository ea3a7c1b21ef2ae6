// The bag rules part of the airport document. The API's rules match on more than the engine's
// airline and segregation: each flight segregation takes its first matching rule, and the engine
// gets the passenger-weighted mean per airline and segregation.
import { matchesFlight, type FlightMatch } from '../rules/matchFlight';
import type { AirportInput, SimulationApiData } from './documentInput';
import type { BuiltFlights } from './documentFlights';

export function buildBagRules(data: SimulationApiData, { builtFlight, facts }: BuiltFlights, bagsFactor: number): AirportInput['bag_rules'] {
  const rules = [...data.bagRules].sort((a, b) => a.priority - b.priority || a.id - b.id);
  const sums = new Map<string, { airline: string; segregation: string; bags: number; weight: number }>();
  for (const [apiId, flight] of builtFlight) {
    const weight = flight.passengers ?? Math.round((flight.seats ?? 0) * (flight.load_factor ?? 0));
    for (const s of flight.segregations) {
      const rule = rules.find((r) => matchesFlight(r.match as FlightMatch, { ...facts.get(apiId)!, segregation_name: s.name }));
      if (!rule) continue;
      const key = `${flight.airline}\u0000${s.name}`;
      const sum = sums.get(key) ?? { airline: flight.airline, segregation: s.name, bags: 0, weight: 0 };
      const w = Math.max(weight * (s.share / 100), 1e-9);
      sum.bags += rule.bags_per_passenger * w;
      sum.weight += w;
      sums.set(key, sum);
    }
  }
  // The bag rules count bags per departing passenger and every hold bag is checked at a counter,
  // so the passengers who use one carry the bags of those who do not (bagsFactor).
  return [...sums.values()].map((s) => ({
    airline: s.airline,
    segregation: s.segregation,
    bags_per_passenger: Math.round(((s.bags * bagsFactor) / s.weight) * 1000) / 1000,
  }));
}
