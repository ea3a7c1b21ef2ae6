// The report graphics job: renders the scenario's make-up Gantt, check-in counter Gantt and
// make-up occupancy as SVG files (workers/report, the same drawing code the screens' exports
// use) and keeps them with the job for download.
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { airlines, baggageAllocations, flights, jobFiles, resourceAllocations, resources, scenarios, segregations, zones } from '../../db/schema';
import { scenarioDesignDate } from '../../allocation/timeBase';
import { homeAirport } from '../../scenarios/flightFacts';
import { airlineColours } from '../../reference/lookup';
import { toDto, type ScenarioTable } from '../../routes/scenarioRows';
import { ApiError } from '../../errors';
import {
  renderCheckinGanttSvg,
  renderMakeupGanttSvg,
  renderOccupancySvg,
  type ReportAirline,
  type ReportBaggageAllocation,
  type ReportFlight,
  type ReportResource,
  type ReportResourceAllocation,
  type ReportSegregation,
  type ReportZone,
} from '../../../workers/report';
import type { JobHandler } from '../types';

/** A scenario table's rows as the API answers them (ISO times), typed as the renderers read them. */
async function rowsOf<T>(db: Database, table: ScenarioTable, scenarioId: number): Promise<T[]> {
  return (
    await db
      .select()
      .from(table as PgTable)
      .where(eq(table.scenario_id, scenarioId))
  ).map((r) => toDto(r) as T);
}

export const generateGraphics: JobHandler = async ({ db, scenarioId, jobId, progress }) => {
  const designDate = await scenarioDesignDate(db, scenarioId);
  if (!designDate) throw new ApiError(422, 'no_design_day', 'The scenario has no design date and no flights to draw.');
  const [{ provenance }] = await db.select({ provenance: scenarios.provenance }).from(scenarios).where(eq(scenarios.id, scenarioId));
  const chosen = provenance.design_day;
  const source = chosen && `from ${chosen.file_name} by ${chosen.rule}${chosen.n ? ` ${chosen.n}` : ''}`;
  const day = { designDate, timeZone: (await homeAirport(db, scenarioId))?.time_zone ?? 'UTC', ...(source && { source }) };
  const common = {
    day,
    zones: await rowsOf<ReportZone>(db, zones, scenarioId),
    resources: await rowsOf<ReportResource>(db, resources, scenarioId),
  };
  const named = {
    flights: await rowsOf<ReportFlight>(db, flights, scenarioId),
    airlines: await rowsOf<ReportAirline>(db, airlines, scenarioId),
    colours: airlineColours(),
  };
  const baggage = await rowsOf<ReportBaggageAllocation>(db, baggageAllocations, scenarioId);
  const counters = await rowsOf<ReportResourceAllocation>(db, resourceAllocations, scenarioId);
  const segs = await rowsOf<ReportSegregation>(db, segregations, scenarioId);
  await progress(30, 'Drawing the charts');
  const files = [
    { name: 'makeup-gantt.svg', content: renderMakeupGanttSvg({ ...common, ...named, segregations: segs, allocations: baggage, bufferMinutes: 5 }) },
    { name: 'checkin-gantt.svg', content: renderCheckinGanttSvg({ ...common, ...named, allocations: counters }) },
    { name: 'makeup-occupancy.svg', content: renderOccupancySvg({ ...common, allocations: baggage }) },
  ];
  await progress(80, 'Saving the files');
  await db.insert(jobFiles).values(files.map((f) => ({ job_id: jobId, name: f.name, content_type: 'image/svg+xml', content: f.content })));
  return { files: files.map((f) => ({ name: f.name, bytes: Buffer.byteLength(f.content) })) };
};
