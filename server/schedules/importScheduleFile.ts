// Imports a stored schedule file into its scenario's flights, all or nothing: a file with bad
// rows imports nothing and reports every bad line. The file's status, row count and period are
// recorded; a scenario without a selected schedule selects this one.
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { flightScheduleFiles, scenarios } from '../db/schema';
import { parseSchedule, type ImportOptions, type ImportResult } from '../import';
import { invalid } from '../errors';
import { storeImportedFlights, type StoreResult } from './storeImportedFlights';

type FileRow = typeof flightScheduleFiles.$inferSelect;

/** Parses a file, throwing the 400 that lists every bad line when it has any. */
export async function parseOrReject(file: Pick<FileRow, 'format' | 'content'>, options: ImportOptions): Promise<ImportResult> {
  const result = await parseSchedule(file.format, new Uint8Array(file.content ?? Buffer.alloc(0)), options);
  if (result.errors.length) {
    throw invalid({ file: result.errors.map((e) => (e.line > 0 && !e.message.startsWith('line') ? `line ${e.line}: ${e.message}` : e.message)) });
  }
  return result;
}

export async function importScheduleFile(
  db: Database,
  fileId: number,
  options: ImportOptions,
  progress: (percent: number, message: string) => Promise<void> = async () => undefined,
): Promise<StoreResult & { warnings: string[] }> {
  const [file] = await db.select().from(flightScheduleFiles).where(eq(flightScheduleFiles.id, fileId));
  await db.update(flightScheduleFiles).set({ import_status: 'importing', error: null }).where(eq(flightScheduleFiles.id, fileId));
  try {
    const parsed = await parseOrReject(file, options);
    await progress(20, `Read ${parsed.flights.length} flights`);
    const stored = await db.transaction(async (tx) => {
      const result = await storeImportedFlights(tx, file.scenario_id, file.id, parsed.flights, (done) =>
        progress(20 + (75 * done) / Math.max(1, parsed.flights.length), `Saved ${done} of ${parsed.flights.length} flights`),
      );
      await tx
        .update(flightScheduleFiles)
        .set({
          import_status: 'imported',
          row_count: parsed.flights.length,
          period_start: parsed.period?.from ?? options.from,
          period_end: parsed.period?.to ?? options.to,
        })
        .where(eq(flightScheduleFiles.id, fileId));
      await tx
        .update(scenarios)
        .set({ selected_schedule: fileId })
        .where(and(eq(scenarios.id, file.scenario_id), isNull(scenarios.selected_schedule)));
      return result;
    });
    return { ...stored, warnings: parsed.warnings.map((w) => w.message) };
  } catch (error) {
    const fields = (error as { fields?: Record<string, string[]> }).fields;
    await db
      .update(flightScheduleFiles)
      .set({ import_status: 'failed', error: fields ? Object.values(fields).flat().join('\n') : 'The import failed.' })
      .where(eq(flightScheduleFiles.id, fileId));
    throw error;
  }
}
