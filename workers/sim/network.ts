// The queueing network document: the input people write by hand and the airport model compiles
// into. The schema states every rule a user can break; nothing runs until a document passes.
import { z } from 'zod';
import {
  ensure,
  id,
  nonNegativeInt,
  nonNegativeNumber,
  parseOrThrow,
  positiveInt,
  positiveNumber,
  replicationsField,
  seedField,
  serviceSchema,
  unitInterval,
} from './validation';

const route = z.strictObject({ to: id(), p: unitInterval('a probability') });

const arrivals = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('poisson'), rate_per_hour: positiveNumber(), count: positiveInt() }),
    z.strictObject({
      type: z.literal('piecewise_poisson'),
      interval_minutes: positiveNumber(),
      rates_per_hour: z.array(nonNegativeNumber(), { error: 'must be a list of rates' }).min(1, { error: 'must not be empty' }),
    }),
    z.strictObject({
      type: z.literal('times'),
      minutes: z.array(nonNegativeNumber(), { error: 'must be a list of minutes' }).min(1, { error: 'must not be empty' }),
    }),
    // Each of `count` arrivals falls in bin i with probability shares[i] / sum, uniformly inside.
    z.strictObject({
      type: z.literal('profile'),
      count: nonNegativeInt(),
      start_minutes: nonNegativeNumber(),
      bin_minutes: positiveNumber(),
      shares: z.array(nonNegativeNumber(), { error: 'must be a list of shares' }).min(1, { error: 'must not be empty' }),
    }),
  ],
  { error: 'must name a type: poisson, piecewise_poisson, times or profile' },
);

const source = z.strictObject({
  id: id(),
  to: id().optional(),
  routes: z.array(route).optional(),
  arrivals,
  // Per station id: routes that replace the station's own for entities of this source (multi-class
  // routing: a passenger's next queue depends on its flight, not only on the counter it left).
  routes_after: z.record(z.string(), z.array(route)).optional(),
  // Entities of this source must start service by this time at stations that enforce deadlines
  // (a passenger must reach a counter before check-in closes); later they leave as missed.
  deadline_minutes: nonNegativeNumber().optional(),
});

const interval = z.strictObject({
  from_minutes: nonNegativeNumber(),
  to_minutes: nonNegativeNumber(),
  servers: nonNegativeInt(),
});

// Servers that share a station's queue but differ: their own service time and opening schedule
// (an airport queue's counters, each open when its allocations say, each as fast as it is).
const pool = z.strictObject({
  id: id(),
  servers: positiveInt(),
  service: serviceSchema(),
  schedule: z.array(interval).optional(),
});

/** A share of passengers that must be within a waiting target: strictly between 0 and 1. */
export const targetShare = () =>
  z
    .number({ error: 'must be a number between 0 and 1 (exclusive)' })
    .gt(0, { error: 'must be a number between 0 and 1 (exclusive)' })
    .lt(1, { error: 'must be a number between 0 and 1 (exclusive)' });

// A station `sim size` sizes: servers per period up to max_servers, so that in every period the
// share of its arrivals who start service within wait_minutes is at least share.
const size = z.strictObject({
  max_servers: positiveInt(),
  period_minutes: positiveNumber(),
  target: z.strictObject({ wait_minutes: nonNegativeNumber(), share: targetShare() }),
});

const station = z.strictObject({
  id: id(),
  servers: positiveInt().optional(),
  size: size.optional(),
  service: serviceSchema().optional(),
  schedule: z.array(interval).optional(),
  pools: z.array(pool).min(1, { error: 'must list at least one pool' }).optional(),
  queue_capacity: nonNegativeInt().nullable().default(null),
  routes: z.array(route).default([]),
  enforces_deadline: z.boolean({ error: 'must be true or false' }).default(false),
});

const report = z.strictObject({
  wait_thresholds_minutes: z.array(nonNegativeNumber()).default([0, 1, 5, 10]),
  bin_minutes: positiveNumber().default(15),
});

const networkSchema = z.strictObject({
  kind: z.literal('network', { error: 'must be "network"' }),
  seed: seedField(),
  replications: replicationsField(),
  sources: z.array(source, { error: 'must be a list' }).min(1, { error: 'must list at least one source' }),
  stations: z.array(station, { error: 'must be a list' }).min(1, { error: 'must list at least one station' }),
  report: report.default({ wait_thresholds_minutes: [0, 1, 5, 10], bin_minutes: 15 }),
});

export type NetworkDocument = z.output<typeof networkSchema>;
export type NetworkSource = NetworkDocument['sources'][number];
export type NetworkStation = NetworkDocument['stations'][number];
export type Arrivals = NetworkSource['arrivals'];

/**
 * Validates a network document: the schema, then the rules that span fields. Stations given by
 * `size` are accepted only when sizing (`sim size`); a run needs their servers.
 */
export function parseNetwork(input: unknown, options: { sizing?: boolean } = {}): NetworkDocument {
  const doc = parseOrThrow(networkSchema, input);
  checkNetwork(doc, options);
  return doc;
}

/** Cross-field rules; also applied to networks the airport model builds. */
function checkNetwork(doc: NetworkDocument, { sizing = false } = {}): void {
  const stationIds = new Set<string>();
  doc.stations.forEach((s, i) => {
    ensure(!stationIds.has(s.id), `stations[${i}].id`, `duplicate station id "${s.id}"`);
    stationIds.add(s.id);
  });
  const sourceIds = new Set<string>();
  // Station routes may name an exit (any id that is not a station); sources must feed a station.
  const checkRoutes = (routes: { to: string; p: number }[], at: string, exitsAllowed: boolean) => {
    routes.forEach((r, j) => ensure(exitsAllowed || stationIds.has(r.to), `${at}[${j}].to`, `unknown station "${r.to}"`));
    if (routes.length > 0) {
      const sum = routes.reduce((s, r) => s + r.p, 0);
      ensure(Math.abs(sum - 1) < 1e-6, at, `probabilities must sum to 1 (they sum to ${sum})`);
    }
  };
  doc.sources.forEach((s, i) => {
    const at = `sources[${i}]`;
    ensure(!sourceIds.has(s.id), `${at}.id`, `duplicate source id "${s.id}"`);
    sourceIds.add(s.id);
    ensure((s.to === undefined) !== (s.routes === undefined), `${at}.to`, 'give either "to" or "routes"');
    if (s.to !== undefined) ensure(stationIds.has(s.to), `${at}.to`, `unknown station "${s.to}"`);
    if (s.routes !== undefined) {
      ensure(s.routes.length > 0, `${at}.routes`, 'must not be empty');
      checkRoutes(s.routes, `${at}.routes`, false);
    }
    for (const [station, routes] of Object.entries(s.routes_after ?? {})) {
      ensure(stationIds.has(station), `${at}.routes_after.${station}`, `unknown station "${station}"`);
      checkRoutes(routes, `${at}.routes_after.${station}`, true);
    }
    if (s.arrivals.type === 'profile') {
      const total = s.arrivals.shares.reduce((a, b) => a + b, 0);
      ensure(total > 0 || s.arrivals.count === 0, `${at}.arrivals.shares`, 'must not all be zero');
    }
  });
  doc.stations.forEach((s, i) => {
    const at = `stations[${i}]`;
    checkRoutes(s.routes, `${at}.routes`, true);
    if (s.size) {
      ensure(sizing, `${at}.size`, 'only "sim size" sizes a station; give servers to run it');
      ensure(
        s.servers === undefined && s.schedule === undefined && s.pools === undefined,
        `${at}.size`,
        'give either size or servers (and schedule), not both',
      );
      ensure(s.service !== undefined, `${at}.service`, 'must name a dist: exponential, deterministic, erlang, lognormal or gamma');
      ensure(s.queue_capacity === null, `${at}.queue_capacity`, 'a sized station has an unlimited queue');
      return;
    }
    if (s.pools) {
      ensure(s.servers === undefined && s.service === undefined && s.schedule === undefined, `${at}.pools`, 'give either servers and service, or pools');
      const poolIds = new Set<string>();
      s.pools.forEach((p, k) => {
        ensure(!poolIds.has(p.id), `${at}.pools[${k}].id`, `duplicate pool id "${p.id}"`);
        poolIds.add(p.id);
        if (p.schedule) checkSchedule(p.schedule, p.servers, `${at}.pools[${k}]`);
      });
      return;
    }
    ensure(s.servers !== undefined, `${at}.servers`, 'must be a positive integer');
    ensure(s.service !== undefined, `${at}.service`, 'must name a dist: exponential, deterministic, erlang, lognormal or gamma');
    if (s.schedule) checkSchedule(s.schedule, s.servers!, at);
  });
}

function checkSchedule(schedule: { from_minutes: number; to_minutes: number; servers: number }[], servers: number, at: string) {
  const sorted = [...schedule].sort((a, b) => a.from_minutes - b.from_minutes);
  schedule.forEach((iv, j) => {
    ensure(iv.to_minutes > iv.from_minutes, `${at}.schedule[${j}].to_minutes`, 'must be after from_minutes');
    ensure(iv.servers <= servers, `${at}.schedule[${j}].servers`, `must not exceed the servers (${servers})`);
  });
  for (let j = 1; j < sorted.length; j++) {
    ensure(sorted[j].from_minutes >= sorted[j - 1].to_minutes, `${at}.schedule`, `intervals overlap at minute ${sorted[j].from_minutes}`);
  }
}
