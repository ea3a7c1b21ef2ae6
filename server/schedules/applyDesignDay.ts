// Choosing a scenario's design day from a season file: the day is chosen by a named rule (or
// picked on the season chart), its flights replace the scenario's, and the scenario records the
// file, the rule and why, all in one transaction. The rules: docs/schedule-studies.md.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { flightScheduleFiles, flights, scenarios } from '../db/schema';
import { invalid } from '../errors';
import { designDay, rankDays, SeasonError, type DesignDay, type DesignDayRule, type SeasonSummary } from '../../workers/schedule/season';
import type { DesignDayProvenance } from '../../workers/schedule/provenance';
import { parseOrReject } from './importScheduleFile';
import { storeImportedFlights } from './storeImportedFlights';

export type DesignDayChoice = { file_id: number; rule: DesignDayRule | 'picked'; n?: number; date?: string };

/** The season file of a scenario, or the 400 that says why it cannot be used. */
export async function seasonFile(db: Database, scenarioId: number, fileId: number) {
  const [file] = await db
    .select()
    .from(flightScheduleFiles)
    .where(and(eq(flightScheduleFiles.id, fileId), eq(flightScheduleFiles.scenario_id, scenarioId)));
  if (!file) throw invalid({ file_id: [`No such schedule file ${fileId} in this scenario.`] });
  if (!file.season) {
    const why = file.import_status === 'imported' ? "was imported as one day's flights, not kept as a season" : `is ${file.import_status}, not summarised yet`;
    throw invalid({ file_id: [`${file.name} ${why}.`] });
  }
  return { ...file, season: file.season };
}

function chosenDay(season: SeasonSummary, choice: DesignDayChoice): DesignDay {
  if (choice.rule !== 'picked') {
    try {
      return designDay(season.days, choice.rule, choice.n);
    } catch (error) {
      if (error instanceof SeasonError) throw invalid({ [error.field]: [error.message.slice(error.field.length + 2)] });
      throw error;
    }
  }
  if (!choice.date) throw invalid({ date: ['Give the date picked on the season chart.'] });
  const ranked = rankDays(season.days);
  const rank = ranked.findIndex((d) => d.date === choice.date);
  if (rank < 0) throw invalid({ date: [`No departures on ${choice.date} in this season (it covers ${season.period.from} to ${season.period.to}).`] });
  const day = ranked[rank];
  return {
    ...day,
    rule: 'picked',
    why: `picked on the season chart: ${day.departures} departures, number ${rank + 1} of ${season.days.length} days by departures`,
  };
}

export async function applyDesignDay(db: Database, scenarioId: number, choice: DesignDayChoice) {
  const file = await seasonFile(db, scenarioId, choice.file_id);
  const day = chosenDay(file.season, choice);
  const parsed = await parseOrReject(file, { airport: file.season.airport, from: day.date, to: day.date, timeZone: file.season.time_zone });
  const provenance: DesignDayProvenance = {
    file_id: file.id,
    file_name: file.name,
    rule: choice.rule,
    ...(choice.rule === 'nth-busiest' && { n: day.n }),
    date: day.date,
    why: day.why,
  };
  const stored = await db.transaction(async (tx) => {
    // The day's flights replace the scenario's (their allocations and segregations go with them).
    await tx.delete(flights).where(eq(flights.scenario_id, scenarioId));
    const result = await storeImportedFlights(tx, scenarioId, file.id, parsed.flights);
    await tx
      .update(scenarios)
      .set({ design_date: day.date, selected_schedule: file.id, provenance: { design_day: provenance } })
      .where(eq(scenarios.id, scenarioId));
    return result;
  });
  return { ...provenance, departures: day.departures, seats: day.seats, passengers: day.passengers, imported: stored.flights };
}
