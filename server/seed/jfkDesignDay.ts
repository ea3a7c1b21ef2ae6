// The demo scenario: the busiest day of 2017 at New York JFK (292 real departures, about 42,000
// passengers) in a terminal laid out as the specification's mock data (Checkin Zone A to E with
// five resources each, Security South and North) plus two check-in islands (JetBlue's 30
// counters, 60 for the other airlines: the mock zones hold four counters each, fewer than one
// departure's peak need) and a make-up hall (14 carousels of 4 positions, 10 laterals of 2 and 2
// chutes: the morning bank needs about 78 positions at once), with the default profiles and rules applied and
// segregations generated. 45 % of the passengers check in at a counter, the rest online or at a
// kiosk with carry-on bags only and go straight to security, where each checkpoint has 13 lanes
// (its positions). Run the check-in allocation per airline (common check-in, the default) and the
// whole day places; README's "Demo day" gives the simulated figures.
//
// Aircraft types come from the FAA registry model of each tail, which for some flights points at
// a re-registered light aircraft: those flights get the carrier's usual type, and seats the file
// gives are kept only when plausible for the type.
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/database';
import {
  airports,
  flightImportRules,
  flightScheduleFiles,
  projectMembers,
  projects,
  resources,
  scenarios,
  terminals,
  turnupProfiles,
  zones,
} from '../db/schema';
import { parseScheduleCsv } from '../import/csv';
import { completeFlights } from '../import/completeFlights';
import { storeImportedFlights } from '../schedules/storeImportedFlights';
import { createDefaultBagsRules, createDefaultImportRules, createDefaultSegregationRules, DEFAULT_TURNUP_PROFILES } from '../rules/defaults';
import { applyImportRules } from '../jobs/handlers/applyImportRules';
import { generateSegregations } from '../jobs/handlers/generateSegregations';
import type { JobContext } from '../jobs/types';
import { serverFile } from '../serverFiles';

const FILE = 'jfk_2017-01-02_departures.csv';
/** 1 to n. */
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const dataFile = (name: string) => readFileSync(serverFile(`seed/data/${name}`));

/**
 * Passengers who check in at a staffed counter or bag drop. An assumption for US domestic carriers
 * in 2017: with a fee on checked bags and online, mobile and kiosk check-in the norm, a passenger
 * needs a counter only to drop hold bags, and about half of them travel with carry-on only. The
 * rest go straight to security. Change it on the project screen to try another mix.
 */
const COUNTER_SHARE = 45;
/** Counters of check-in islands 1 (JetBlue) and 2 (the others): the airlines' peak need at that share and some headroom. */
const ISLAND_COUNTERS = [30, 60];
/**
 * Lanes of each security checkpoint, 150 passengers an hour each: the morning peak brings about
 * 4,400 passengers an hour, 26 lanes take 3,900, so queues build for a while but stay short.
 */
const SECURITY_LANES = 13;

/** The usual type of each carrier, for flights whose registry model is a light aircraft. */
const CARRIER_TYPES: Record<string, string> = { B6: '320', DL: '739', AA: '321', VX: '320', AS: '739', HA: '332' };

async function buildScenario(tx: Transaction, ownerId: number) {
  const [project] = await tx
    .insert(projects)
    .values({ name: 'New York JFK', description: 'Demo: the busiest day of 2017 at JFK, real departures from US DOT on-time data.', owner_id: ownerId })
    .returning();
  await tx.insert(projectMembers).values({ project_id: project.id, user_id: ownerId, role: 'owner' });
  const [scenario] = await tx
    .insert(scenarios)
    .values({
      project_id: project.id,
      name: 'Design day 2017-01-02',
      description: `292 departures; default rules applied; ${COUNTER_SHARE} % of passengers check in at a counter (common check-in per airline), the rest online or at a kiosk without hold bags; ${SECURITY_LANES} lanes at each security checkpoint.`,
      design_date: '2017-01-02',
      counter_share: COUNTER_SHARE,
    })
    .returning();
  const s = scenario.id;
  const [airport] = await tx
    .insert(airports)
    .values({
      scenario_id: s,
      iata: 'JFK',
      icao: 'KJFK',
      name: 'John F Kennedy International',
      city: 'New York',
      country: 'United States',
      time_zone: 'America/New_York',
    })
    .returning();
  const [terminal] = await tx.insert(terminals).values({ scenario_id: s, airport_id: airport.id, name: 'Terminal 1', code: 'T1' }).returning();
  // The check-in zones first, so on a new database they are zones 1 to 5 as in the specification.
  const checkin = await tx
    .insert(zones)
    .values(['A', 'B', 'C', 'D', 'E'].map((l) => ({ scenario_id: s, terminal_id: terminal.id, name: `Checkin Zone ${l}`, kind: 'checkin' as const })))
    .returning();
  const islands = await tx
    .insert(zones)
    .values([1, 2].map((n) => ({ scenario_id: s, terminal_id: terminal.id, name: `Check-in Island ${n}`, kind: 'checkin' as const })))
    .returning();
  const [security] = await tx.insert(zones).values({ scenario_id: s, terminal_id: terminal.id, name: 'Security', kind: 'security' }).returning();
  const [makeup] = await tx.insert(zones).values({ scenario_id: s, terminal_id: terminal.id, name: 'Baggage make-up', kind: 'makeup' }).returning();

  const counterTypes = ['fullservice', 'fullservice', 'fullservice', 'kiosk', 'bagdrop'] as const;
  const serviceSeconds = { fullservice: 120, kiosk: 60, bagdrop: 60 };
  await tx.insert(resources).values(
    checkin.flatMap((zone, z) =>
      counterTypes.map((type, i) => ({
        scenario_id: s,
        zone_id: zone.id,
        name: `${'ABCDE'[z]}${String(i + 1).padStart(2, '0')}`,
        resource_type: type,
        service_mean_seconds: serviceSeconds[type],
        service_cv: type === 'fullservice' ? 0.6 : 0.5,
        display_order: i,
      })),
    ),
  );
  // Full-service counters, the last sixth bag drops.
  await tx.insert(resources).values(
    islands.flatMap((zone, z) =>
      Array.from({ length: ISLAND_COUNTERS[z] }, (_, i) => {
        const fullService = i < ISLAND_COUNTERS[z] - ISLAND_COUNTERS[z] / 6;
        return {
          scenario_id: s,
          zone_id: zone.id,
          name: `${z + 1}-${String(i + 1).padStart(2, '0')}`,
          resource_type: fullService ? ('fullservice' as const) : ('bagdrop' as const),
          service_mean_seconds: fullService ? 120 : 60,
          service_cv: fullService ? 0.6 : 0.5,
          display_order: i,
        };
      }),
    ),
  );
  // 150 passengers an hour per lane: 24 seconds each.
  await tx.insert(resources).values(
    ['Security South', 'Security North'].map((name, i) => ({
      scenario_id: s,
      zone_id: security.id,
      name,
      resource_type: 'security' as const,
      positions: SECURITY_LANES,
      service_mean_seconds: 24,
      service_cv: 0.4,
      display_order: i,
    })),
  );
  await tx.insert(resources).values([
    ...range(14).map((n) => ({
      scenario_id: s,
      zone_id: makeup.id,
      name: `Carousel ${n}`,
      resource_type: 'makeup_carousel' as const,
      positions: 4,
      display_order: n,
    })),
    ...range(10).map((n) => ({
      scenario_id: s,
      zone_id: makeup.id,
      name: `Lateral ${n}`,
      resource_type: 'makeup_lateral' as const,
      positions: 2,
      display_order: 20 + n,
    })),
    ...range(2).map((n) => ({
      scenario_id: s,
      zone_id: makeup.id,
      name: `Chute ${n}`,
      resource_type: 'makeup_chute' as const,
      positions: 1,
      display_order: 30 + n,
    })),
  ]);
  await tx.insert(turnupProfiles).values(DEFAULT_TURNUP_PROFILES.map((p) => ({ ...p, scenario_id: s })));

  const csv = dataFile(FILE);
  const text = csv.toString('utf8');
  const parsed = parseScheduleCsv(text, { airport: 'JFK', from: '2017-01-02', to: '2017-01-02', timeZone: 'America/New_York' });
  if (parsed.errors.length) throw new Error(`demo schedule: ${parsed.errors[0].message}`);
  // Typed first, so that only the sectors are left to complete.
  const typed = parsed.flights.map((f) => ({ ...f, aircraft_type: f.aircraft_type || (CARRIER_TYPES[f.airline] ?? '320') }));
  const { flights } = completeFlights({ ...parsed, flights: typed });
  const [file] = await tx
    .insert(flightScheduleFiles)
    .values({
      scenario_id: s,
      name: FILE,
      format: 'csv',
      content: csv,
      row_count: flights.length,
      period_start: '2017-01-02',
      period_end: '2017-01-02',
      import_status: 'imported',
    })
    .returning();
  await storeImportedFlights(tx, s, file.id, flights);
  await tx.update(scenarios).set({ selected_schedule: file.id }).where(eq(scenarios.id, scenario.id));
  await createDefaultSegregationRules(tx, s);
  await createDefaultBagsRules(tx, s);
  await createDefaultImportRules(tx, s);
  // JetBlue (the home carrier, 130 departures) checks in on island 1, everybody else on island 2.
  await tx.insert(flightImportRules).values([
    { scenario_id: s, name: 'JetBlue: Check-in Island 1', priority: 50, match: { airline_codes: ['B6'] }, actions: { zone_id: islands[0].id } },
    { scenario_id: s, name: 'Other airlines: Check-in Island 2', priority: 60, match: {}, actions: { zone_id: islands[1].id } },
  ]);
  return s;
}

/** Creates the demo project for `ownerId` with its flights as imported; answers the scenario's id. */
export function createJfkDesignDay(db: Database, ownerId: number): Promise<number> {
  return db.transaction((tx) => buildScenario(tx, ownerId));
}

/** Prepares the demo's flights as a planner would: import rules applied, segregations generated. */
export async function prepareJfkDesignDay(ctx: JobContext): Promise<void> {
  const step = (from: number, to: number): JobContext => ({
    ...ctx,
    progress: (percent, message) => ctx.progress(from + ((to - from) * percent) / 100, message),
  });
  await applyImportRules(step(0, 50));
  await generateSegregations(step(50, 100));
}

/** The whole demo scenario at once, for tests and benchmarks; answers the scenario's id. */
export async function seedJfkDesignDay(db: Database, ownerId: number, log: JobContext['log']): Promise<number> {
  const scenarioId = await createJfkDesignDay(db, ownerId);
  const enqueue = () => Promise.reject(new Error('the demo seed queues no jobs'));
  await prepareJfkDesignDay({ db, jobId: 0, scenarioId, params: {}, log, progress: async () => undefined, enqueue });
  return scenarioId;
}
