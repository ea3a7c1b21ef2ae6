// An upload kept as a season: the file is read over its whole period (a bad file is refused with
// the field at fault and nothing is stored), stored, and summarised at once when small; the
// caller queues the summary as a job when it is large.
import type { Database } from '../db/database';
import { flightScheduleFiles } from '../db/schema';
import type { ScheduleFormat } from '../import';
import { invalid } from '../errors';
import { seasonSummary } from '../../workers/schedule/season';
import { readSeason, SeasonFileError } from './seasonFlights';

type SeasonUpload = { scenario_id: number; name?: string; format: ScheduleFormat; airport?: string; time_zone?: string };

const FIELD = { 'time-zone': 'time_zone', airport: 'airport', file: 'file' } as Record<string, string>;

/** `syncLimit`: most departures summarised at once; above it the file waits for the summary job. */
export async function keepSeason(db: Database, f: SeasonUpload, upload: { filename: string; content: Buffer }, syncLimit: number) {
  if (!f.airport) throw invalid({ airport: ['Give the airport whose departures make the season (the scenario has none).'] });
  let season;
  try {
    season = await readSeason(upload.filename, new Uint8Array(upload.content), f.airport, f.time_zone, f.format);
  } catch (error) {
    if (error instanceof SeasonFileError) throw invalid({ [FIELD[error.field] ?? 'file']: [error.message.slice(error.field.length + 2)] });
    throw error;
  }
  const small = season.flights.length <= syncLimit;
  const [file] = await db
    .insert(flightScheduleFiles)
    .values({
      scenario_id: f.scenario_id,
      name: f.name || upload.filename,
      format: f.format,
      content: upload.content,
      row_count: season.flights.length,
      period_start: season.period.from,
      period_end: season.period.to,
      import_status: small ? 'imported' : 'pending',
      season: small ? seasonSummary(season.flights, { airport: season.airport, time_zone: season.time_zone, period: season.period }) : null,
    })
    .returning();
  return { file, departures: season.flights.length, options: { airport: f.airport, timeZone: f.time_zone }, warnings: season.warnings.map((w) => w.message) };
}
