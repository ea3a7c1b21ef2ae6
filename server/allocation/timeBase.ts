// The engines work in minutes of a design day; the database holds UTC instants. The base is
// midnight UTC of the scenario's design date (or of its first flight's date), so minutes may run
// below 0 or past 1440 for windows that start the evening before or end after midnight.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { flights, scenarios } from '../db/schema';

export type TimeBase = { toMinutes(d: Date): number; toDate(minutes: number): Date };

/** The design day as an ISO date: the scenario's design date, else its first flight's UTC date. */
export async function scenarioDesignDate(ex: Executor, scenarioId: number): Promise<string | null> {
  const [scenario] = await ex.select({ design_date: scenarios.design_date }).from(scenarios).where(eq(scenarios.id, scenarioId));
  if (scenario?.design_date) return scenario.design_date;
  const [first] = await ex.select({ t: flights.scheduled }).from(flights).where(eq(flights.scenario_id, scenarioId)).orderBy(asc(flights.scheduled)).limit(1);
  return first ? first.t.toISOString().slice(0, 10) : null;
}

export async function scenarioTimeBase(ex: Executor, scenarioId: number): Promise<TimeBase> {
  const day = await scenarioDesignDate(ex, scenarioId);
  const base = day ? Date.parse(`${day}T00:00:00Z`) : 0;
  return {
    toMinutes: (d) => (d.getTime() - base) / 60_000,
    toDate: (minutes) => new Date(base + Math.round(minutes * 60_000)),
  };
}
