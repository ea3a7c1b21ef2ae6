// Where a scenario's design day came from, recorded on the scenario and shown with it and in its
// exports: the season file and the rule that chose the day, and for a grown scenario, the
// scenario it was grown from, how, and which flights are new or gone.

export type DesignDayProvenance = {
  file_id: number;
  file_name: string;
  rule: string;
  n?: number;
  date: string;
  why: string;
};

export type GrowthProvenance = {
  from_scenario_id: number;
  from_scenario_name: string;
  year: number | null;
  factor: number;
  airline_factors: Record<string, number>;
  /** Factors by the flights' sector (domestic, schengen, international). */
  sector_factors: Record<string, number>;
  seed: number;
  added_by_airline: Record<string, number>;
  /** Flights a factor below 1 took away, by airline. */
  removed_by_airline: Record<string, number>;
  /** Every flight's load factor in the grown scenario, when it was changed. */
  load_factor: number | null;
  /** Aircraft types replaced (A flies as B), and how many flights changed type. */
  upgauge: Record<string, string>;
  upgauged_flights: number;
  /** The new flights: airline, number, local STD (HH:MM) and the departure each repeats. */
  new_flights: { airline: string; flight_number: string; std: string; repeats: string }[];
  /** The day's flights that were taken away: airline, number and local STD. */
  removed_flights: { airline: string; flight_number: string; std: string }[];
};

export type ScenarioProvenance = { design_day?: DesignDayProvenance; growth?: GrowthProvenance };
