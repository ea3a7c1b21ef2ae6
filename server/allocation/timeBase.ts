// The engines work in minutes of a design day; the database holds UTC instants. The base is
// midnight UTC of the scenario's design date (or of its first flight's date), so minutes may run
// below 0 or past 1440 for windows that start the evening before or end after midnight.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { flights, scenarios } from '../db/schema';

export type TimeBase = { toMinutes(d: Date): number; toDate(minutes: number): Date };

export async function scenarioTimeBase(ex: Executor, scenarioId: number): Promise<TimeBase> {
  const [scenario] = await ex.select({ design_date: scenarios.design_date }).from(scenarios).where(eq(scenarios.id, scenarioId));
  let base: number;
  if (scenario?.design_date) {
    base = Date.parse(`${scenario.design_date}T00:00:00Z`);
  } else {
    const [first] = await ex.select({ t: flights.scheduled }).from(flights).where(eq(flights.scenario_id, scenarioId)).orderBy(asc(flights.scheduled)).limit(1);
    base = first ? Math.floor(first.t.getTime() / 86_400_000) * 86_400_000 : 0;
  }
  return {
    toMinutes: (d) => (d.getTime() - base) / 60_000,
    toDate: (minutes) => new Date(base + Math.round(minutes * 60_000)),
  };
}
