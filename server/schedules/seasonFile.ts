// A schedule file kept as a season: read over the whole period it covers, its days' totals and
// peak hours stored on the file for the overview (the flights stay in the file: a scenario's
// flights are one design day). Large files are summarised by a job with progress.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { flightScheduleFiles } from '../db/schema';
import { seasonSummary } from '../../workers/schedule/season';
import { readSeason } from './seasonFlights';

export type SeasonOptions = { airport: string; timeZone?: string };

export async function summariseSeasonFile(
  db: Database,
  fileId: number,
  options: SeasonOptions,
  progress: (percent: number, message: string) => Promise<void> = async () => undefined,
): Promise<{ days: number; departures: number }> {
  const [file] = await db.select().from(flightScheduleFiles).where(eq(flightScheduleFiles.id, fileId));
  await db.update(flightScheduleFiles).set({ import_status: 'importing', error: null }).where(eq(flightScheduleFiles.id, fileId));
  try {
    const season = await readSeason(file.name, new Uint8Array(file.content ?? Buffer.alloc(0)), options.airport, options.timeZone);
    await progress(50, `Read ${season.flights.length} departures over ${season.period.from} to ${season.period.to}`);
    const summary = seasonSummary(season.flights, { airport: season.airport, time_zone: season.time_zone, period: season.period });
    await db
      .update(flightScheduleFiles)
      .set({ import_status: 'imported', row_count: season.flights.length, period_start: season.period.from, period_end: season.period.to, season: summary })
      .where(eq(flightScheduleFiles.id, fileId));
    await progress(100, `${summary.days.length} days summarised`);
    return { days: summary.days.length, departures: season.flights.length };
  } catch (error) {
    await db
      .update(flightScheduleFiles)
      .set({ import_status: 'failed', error: (error as Error).message })
      .where(eq(flightScheduleFiles.id, fileId));
    throw error;
  }
}
