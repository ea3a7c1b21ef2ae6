// The airport scenario document ({"kind": "airport"}) the client exports from the API: flights
// with segregations and turn-up profiles, resources and their allocations, the passenger movement
// graph, bag rules and make-up allocations. Times are minutes of the design day.
import { z } from 'zod';
import {
  ensure,
  id,
  minute,
  nonNegativeInt,
  nonNegativeNumber,
  parseOrThrow,
  positiveInt,
  positiveNumber,
  replicationsField,
  seedField,
  unitInterval,
} from './validation';
import { targetShare } from './network';

/**
 * The defaults of settings.space: the optimum ranges of IATA ADRM 10th edition (check-in queue
 * 1.3-1.8, security queue 1.0-1.2 m² per passenger) and passenger-equivalents per passenger by
 * sector for trolleys and bags (docs/simulation.md says where they come from).
 */
export const DEFAULT_SPACE = {
  checkin_optimum_m2: [1.3, 1.8] as [number, number],
  security_optimum_m2: [1.0, 1.2] as [number, number],
  trolley_factors: { domestic: 1, schengen: 1.1, international: 1.3 } as Record<string, number>,
};

const CHECKIN_TYPES = ['fullservice', 'kiosk', 'bagdrop'] as const;
const MAKEUP_TYPES = ['makeup_carousel', 'makeup_lateral', 'makeup_chute'] as const;
const RESOURCE_TYPES = [...CHECKIN_TYPES, 'security', ...MAKEUP_TYPES] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** Planning defaults of DESIGN.md section 5, used when a resource or queue leaves them out. */
export const DEFAULT_SERVICE_MINUTES: Record<ResourceType, number> = {
  fullservice: 2,
  kiosk: 1,
  bagdrop: 1,
  security: 0.4,
  makeup_carousel: 0,
  makeup_lateral: 0,
  makeup_chute: 0,
};
export const DEFAULT_LOS_MINUTES: Record<ResourceType, number> = {
  fullservice: 20,
  kiosk: 2,
  bagdrop: 5,
  security: 10,
  makeup_carousel: 0,
  makeup_lateral: 0,
  makeup_chute: 0,
};

const percent = () => z.number({ error: 'must be a percentage' }).min(0, { error: 'must be a percentage' }).max(100, { error: 'must be a percentage' });
const edge = z.strictObject({ node: id(), proportion: percent() });

/** DESIGN.md section 5: bags per departing passenger when no bag rule says otherwise. */
export const DEFAULT_BAGS_PER_PASSENGER = 1.2;

const optimumRange = ([low, high]: [number, number]) =>
  z
    .tuple([positiveNumber(), positiveNumber()], { error: 'must be [low, high] in m² per passenger' })
    .refine(([a, b]) => a <= b, { error: 'the low end must not exceed the high end' })
    .default([low, high]);

/** Space level of service: optimum ranges and trolley factors by sector (space.ts). */
const space = z.strictObject({
  checkin_optimum_m2: optimumRange(DEFAULT_SPACE.checkin_optimum_m2),
  security_optimum_m2: optimumRange(DEFAULT_SPACE.security_optimum_m2),
  trolley_factors: z.record(id(), positiveNumber()).default(DEFAULT_SPACE.trolley_factors),
});

const settings = z.strictObject({
  bin_minutes: positiveNumber().default(5),
  checkin_close_minutes: nonNegativeNumber().default(40),
  bag_transport_minutes: nonNegativeNumber().default(5),
  bags_per_passenger: nonNegativeNumber().default(DEFAULT_BAGS_PER_PASSENGER),
  default_load_factor: unitInterval('a number from 0 to 1').default(0.85),
  service_cv: nonNegativeNumber().default(0.5),
  wait_thresholds_minutes: z.array(nonNegativeNumber()).default([0, 5, 10, 15, 20, 30]),
  /** Keep the minute-by-minute state a playback shows (the output's `playback`). */
  playback: z.boolean({ error: 'must be true or false' }).default(false),
  space: space.default(space.parse({})),
});

/** What `sim size` asks of every queue: this share within its target, period by period. */
const sizing = z.strictObject({
  share: targetShare().default(0.95),
  period_minutes: z
    .number({ error: 'must be a number of minutes from 5 to 240' })
    .min(5, { error: 'must be a number of minutes from 5 to 240' })
    .max(240, { error: 'must be a number of minutes from 5 to 240' })
    .default(30),
});

const airportSchema = z.strictObject({
  kind: z.literal('airport', { error: 'must be "airport"' }),
  name: z.string().optional(),
  design_date: z.string().optional(),
  seed: seedField(),
  replications: replicationsField(),
  settings: settings.default(settings.parse({})),
  sizing: sizing.default(sizing.parse({})),
  turnup_profiles: z
    .array(
      z.strictObject({
        id: id(),
        bin_minutes: positiveNumber(),
        earliest_minutes: positiveNumber(),
        shares: z.array(percent()).min(1, { error: 'must not be empty' }),
      }),
    )
    .min(1, { error: 'must list at least one profile' }),
  flights: z
    .array(
      z.strictObject({
        id: id(),
        airline: id(),
        std_minutes: minute(),
        seats: positiveInt().optional(),
        load_factor: unitInterval('a number from 0 to 1').optional(),
        passengers: nonNegativeInt().optional(),
        turnup_profile: id(),
        checkin_close_minutes: nonNegativeNumber().optional(),
        /** Its passengers' trolley factor: settings.space.trolley_factors[sector]. */
        sector: id().optional(),
        segregations: z.array(z.strictObject({ name: id(), share: percent() })).min(1, { error: 'must list at least one segregation' }),
      }),
    )
    .min(1, { error: 'must list at least one flight' }),
  resources: z.array(
    z.strictObject({
      id: id(),
      name: z.string().optional(),
      type: z.enum(RESOURCE_TYPES, { error: `must be one of ${RESOURCE_TYPES.join(', ')}` }),
      mean_service_minutes: positiveNumber().optional(),
      service_cv: nonNegativeNumber().optional(),
      service_dist: z.enum(['gamma', 'lognormal'], { error: 'must be gamma or lognormal' }).default('gamma'),
      positions: positiveInt().default(1),
      /** Queue area in front of it (a security resource: of all its lanes); default by type (space.ts). */
      queue_area_m2: positiveNumber().optional(),
      // Security only: how many of its lanes are open when (design-day minutes); replaces the
      // resource's allocations, so a sized plan can be applied lane by lane.
      lane_schedule: z
        .array(z.strictObject({ from_minutes: minute(), to_minutes: minute(), lanes: nonNegativeInt() }), { error: 'must be a list of intervals' })
        .optional(),
    }),
  ),
  resource_allocations: z
    .array(
      z.strictObject({
        resource: id(),
        flight: id().optional(),
        airline: id().optional(),
        from_minutes: minute(),
        to_minutes: minute(),
      }),
    )
    .default([]),
  flow: z.strictObject({
    splits: z.array(z.strictObject({ airline: id(), segregation: id(), to: z.array(edge).min(1, { error: 'must not be empty' }) })),
    queues: z.array(
      z.strictObject({
        id: id(),
        name: z.string().optional(),
        resources: z.array(id()).min(1, { error: 'must list at least one resource' }),
        to: z.array(edge).default([]),
        los_target_minutes: nonNegativeNumber().optional(),
        checks_bags: z.boolean({ error: 'must be true or false' }).optional(),
        /** The queue's area; default: the sum of its resources' queue areas. */
        area_m2: positiveNumber().optional(),
      }),
    ),
    outputs: z
      .array(
        z.strictObject({
          id: id(),
          name: z.string().optional(),
          resources: z.array(id()).min(1, { error: 'must list at least one resource' }),
          los_target_minutes: nonNegativeNumber().optional(),
          area_m2: positiveNumber().optional(),
        }),
      )
      .default([]),
  }),
  bag_rules: z.array(z.strictObject({ airline: id().optional(), segregation: id().optional(), bags_per_passenger: nonNegativeNumber() })).default([]),
  makeup_allocations: z
    .array(
      z.strictObject({
        flight: id(),
        segregation: id(),
        resource: id(),
        position: nonNegativeInt().default(0),
        from_minutes: minute(),
        to_minutes: minute(),
      }),
    )
    .default([]),
});

export type AirportDocument = z.output<typeof airportSchema>;
export type AirportFlight = AirportDocument['flights'][number];

const near100 = (xs: readonly number[]) => Math.abs(xs.reduce((a, b) => a + b, 0) - 100) < 0.01;

function uniqueIds(items: readonly { id: string }[], at: string): Map<string, number> {
  const index = new Map<string, number>();
  items.forEach((x, i) => {
    ensure(!index.has(x.id), `${at}[${i}].id`, `duplicate id "${x.id}"`);
    index.set(x.id, i);
  });
  return index;
}

/** A passenger story must end: no queue may lead back to itself through other queues. */
function checkNoCycle(queues: AirportDocument['flow']['queues'], index: Map<string, number>): void {
  const state = new Array<0 | 1 | 2>(queues.length).fill(0); // unvisited, on the path, done
  const visit = (i: number) => {
    state[i] = 1;
    queues[i].to.forEach((e, j) => {
      const next = index.get(e.node);
      if (next === undefined) return;
      ensure(state[next] !== 1, `flow.queues[${i}].to[${j}].node`, `"${e.node}" leads back to "${queues[i].id}": a cycle`);
      if (state[next] === 0) visit(next);
    });
    state[i] = 2;
  };
  queues.forEach((_, i) => state[i] === 0 && visit(i));
}

function checkLaneSchedule(r: AirportDocument['resources'][number], at: string): void {
  if (r.lane_schedule === undefined) return;
  ensure(r.type === 'security', `${at}.lane_schedule`, 'only a security resource has a lane schedule');
  r.lane_schedule.forEach((iv, j) => {
    ensure(iv.to_minutes > iv.from_minutes, `${at}.lane_schedule[${j}].to_minutes`, 'must be after from_minutes');
    ensure(iv.lanes <= r.positions, `${at}.lane_schedule[${j}].lanes`, `must not exceed the resource's positions (${r.positions})`);
  });
  const sorted = [...r.lane_schedule].sort((a, b) => a.from_minutes - b.from_minutes);
  for (let j = 1; j < sorted.length; j++) {
    ensure(sorted[j].from_minutes >= sorted[j - 1].to_minutes, `${at}.lane_schedule`, `intervals overlap at minute ${sorted[j].from_minutes}`);
  }
}

export function parseAirport(input: unknown): AirportDocument {
  const doc = parseOrThrow(airportSchema, input);
  const profiles = uniqueIds(doc.turnup_profiles, 'turnup_profiles');
  const flights = uniqueIds(doc.flights, 'flights');
  const resources = uniqueIds(doc.resources, 'resources');
  const queues = uniqueIds(doc.flow.queues, 'flow.queues');
  const outputs = uniqueIds(doc.flow.outputs, 'flow.outputs');
  doc.flow.outputs.forEach((o) => ensure(!queues.has(o.id), 'flow.outputs', `"${o.id}" is both a queue and an output`));
  const typeOf = (r: string) => doc.resources[resources.get(r)!].type;

  doc.turnup_profiles.forEach((p, i) => ensure(near100(p.shares), `turnup_profiles[${i}].shares`, 'must sum to 100'));
  doc.flights.forEach((f, i) => {
    const at = `flights[${i}]`;
    ensure(profiles.has(f.turnup_profile), `${at}.turnup_profile`, `unknown turn-up profile "${f.turnup_profile}"`);
    ensure(f.passengers !== undefined || f.seats !== undefined, `${at}.passengers`, 'give passengers or seats');
    ensure(near100(f.segregations.map((s) => s.share)), `${at}.segregations`, 'shares must sum to 100');
    const split = (s: string) => doc.flow.splits.some((x) => x.airline === f.airline && x.segregation === s);
    f.segregations.forEach((s, j) =>
      ensure(split(s.name), `${at}.segregations[${j}].name`, `no split in flow.splits for airline "${f.airline}" segregation "${s.name}"`),
    );
  });
  doc.resources.forEach((r, i) => checkLaneSchedule(r, `resources[${i}]`));
  doc.resource_allocations.forEach((a, i) => {
    const at = `resource_allocations[${i}]`;
    ensure(resources.has(a.resource), `${at}.resource`, `unknown resource "${a.resource}"`);
    ensure(a.to_minutes > a.from_minutes, `${at}.to_minutes`, 'must be after from_minutes');
    ensure(a.flight === undefined || flights.has(a.flight), `${at}.flight`, `unknown flight "${a.flight}"`);
    ensure(a.flight === undefined || a.airline === undefined, `${at}.airline`, 'give a flight or an airline, not both');
    ensure(
      typeOf(a.resource) !== 'security' || (a.flight === undefined && a.airline === undefined),
      at,
      'security lanes open for every passenger: leave out flight and airline',
    );
  });
  // One counter cannot serve two flights (or a flight and an airline) at once.
  const byResource = new Map<string, number[]>();
  doc.resource_allocations.forEach((a, i) => {
    const list = byResource.get(a.resource);
    if (list) list.push(i);
    else byResource.set(a.resource, [i]);
  });
  for (const list of byResource.values()) {
    const sorted = [...list].sort((x, y) => doc.resource_allocations[x].from_minutes - doc.resource_allocations[y].from_minutes);
    for (let k = 1; k < sorted.length; k++) {
      const a = doc.resource_allocations[sorted[k - 1]];
      const b = doc.resource_allocations[sorted[k]];
      const sameUse = a.flight === b.flight && a.airline === b.airline;
      ensure(
        sameUse || b.from_minutes >= a.to_minutes,
        `resource_allocations[${sorted[k]}]`,
        `overlaps resource_allocations[${sorted[k - 1]}] on resource "${b.resource}"`,
      );
    }
  }
  doc.flow.splits.forEach((s, i) => {
    ensure(near100(s.to.map((e) => e.proportion)), `flow.splits[${i}].to`, 'proportions must sum to 100');
    s.to.forEach((e, j) => ensure(queues.has(e.node) || outputs.has(e.node), `flow.splits[${i}].to[${j}].node`, `unknown queue or output "${e.node}"`));
  });
  doc.flow.queues.forEach((q, i) => {
    const at = `flow.queues[${i}]`;
    q.resources.forEach((r, j) => {
      ensure(resources.has(r), `${at}.resources[${j}]`, `unknown resource "${r}"`);
      ensure((CHECKIN_TYPES as readonly string[]).includes(typeOf(r)), `${at}.resources[${j}]`, 'must be a check-in resource (fullservice, kiosk or bagdrop)');
    });
    if (q.to.length > 0) ensure(near100(q.to.map((e) => e.proportion)), `${at}.to`, 'proportions must sum to 100');
    q.to.forEach((e, j) => ensure(queues.has(e.node) || outputs.has(e.node), `${at}.to[${j}].node`, `unknown queue or output "${e.node}"`));
  });
  checkNoCycle(doc.flow.queues, queues);
  doc.flow.outputs.forEach((o, i) =>
    o.resources.forEach((r, j) => {
      ensure(resources.has(r), `flow.outputs[${i}].resources[${j}]`, `unknown resource "${r}"`);
      ensure(typeOf(r) === 'security', `flow.outputs[${i}].resources[${j}]`, 'must be a security resource');
    }),
  );
  doc.makeup_allocations.forEach((m, i) => {
    const at = `makeup_allocations[${i}]`;
    ensure(flights.has(m.flight), `${at}.flight`, `unknown flight "${m.flight}"`);
    const f = doc.flights[flights.get(m.flight)!];
    ensure(
      f.segregations.some((s) => s.name === m.segregation),
      `${at}.segregation`,
      `flight "${m.flight}" has no segregation "${m.segregation}"`,
    );
    ensure(resources.has(m.resource), `${at}.resource`, `unknown resource "${m.resource}"`);
    const r = doc.resources[resources.get(m.resource)!];
    ensure((MAKEUP_TYPES as readonly string[]).includes(r.type), `${at}.resource`, 'must be a make-up resource');
    ensure(m.position < r.positions, `${at}.position`, `must be below the resource's positions (${r.positions})`);
    ensure(m.to_minutes > m.from_minutes, `${at}.to_minutes`, 'must be after from_minutes');
  });
  return doc;
}
