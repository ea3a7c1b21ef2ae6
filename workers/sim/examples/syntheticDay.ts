// A synthetic design day for the benchmark and for trying the model at scale: N departures with
// realistic banks, aircraft mixes and turn-up profiles, check-in counters and make-up positions
// allocated greedily so nothing overlaps, security lanes sized to the peak. Deterministic by seed.
import { Stream } from '../random';

const AIRLINES = ['BA', 'U2', 'EK', 'LH', 'AF', 'KL', 'IB', 'AY', 'SK', 'LX', 'OS', 'TP', 'EI', 'FR', 'W6', 'VY', 'QR', 'TK', 'DL', 'UA'];
const ZONES = ['A', 'B', 'C', 'D', 'E'];
const DESK_MINUTES = 2;
const POSITIONS_PER_CAROUSEL = 8;

interface Interval {
  from: number;
  to: number;
}

/** Greedy interval assignment: each request takes the lowest-numbered units free at its start. */
function assign(requests: (Interval & { units: number })[], gap: number): number[][] {
  const freeAt: number[] = [];
  return requests.map((r) => {
    const got: number[] = [];
    for (let u = 0; got.length < r.units; u++) {
      if (u === freeAt.length) freeAt.push(-Infinity);
      if (freeAt[u] + gap <= r.from) got.push(u);
    }
    for (const u of got) freeAt[u] = r.to;
    return got;
  });
}

export function syntheticDesignDay(departures = 1000, seed = 1) {
  const rng = new Stream(seed, 0);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng.uniform() * xs.length)];
  const between = (a: number, b: number) => a + (b - a) * rng.uniform();

  // Departures from 06:00 to 23:00, a third of them in three banks (07:00, 12:30, 18:00).
  const flights = Array.from({ length: departures }, (_, i) => {
    const banked = rng.uniform() < 0.35;
    const std = Math.round(banked ? pick([420, 750, 1080]) + rng.normal() * 35 : between(360, 1380));
    const longHaul = rng.uniform() < 0.2;
    const airline = pick(AIRLINES);
    return {
      id: `${airline}${String(100 + i).padStart(4, '0')}`,
      airline,
      std_minutes: Math.min(1420, Math.max(330, std)),
      seats: Math.round(longHaul ? between(230, 350) : between(140, 190)),
      load_factor: Math.round(between(0.75, 0.85) * 100) / 100,
      turnup_profile: longHaul ? 'long-haul' : 'short-haul',
      checkin_close_minutes: longHaul ? 60 : 40,
      segregations: longHaul
        ? [
            { name: 'J', share: 15 },
            { name: 'Y', share: 85 },
          ]
        : [
            { name: 'J', share: 10 },
            { name: 'Y', share: 90 },
          ],
    };
  });
  flights.sort((a, b) => a.std_minutes - b.std_minutes);
  const zoneOf = new Map(AIRLINES.map((a, i) => [a, ZONES[i % ZONES.length]]));

  // Counters per flight at the desks (J all, Y 60%), open STD-150 (long haul STD-210) to close.
  const desks = new Map(ZONES.map((z) => [z, [] as { flight: string; from: number; to: number; units: number }[]]));
  for (const f of flights) {
    const pax = f.seats * f.load_factor;
    const share = f.segregations[0].share / 100 + (0.6 * f.segregations[1].share) / 100;
    const from = f.std_minutes - (f.turnup_profile === 'long-haul' ? 210 : 150);
    const to = f.std_minutes - f.checkin_close_minutes;
    const units = Math.max(2, Math.ceil((pax * share * DESK_MINUTES) / ((to - from) * 0.7)));
    desks.get(zoneOf.get(f.airline)!)!.push({ flight: f.id, from, to, units });
  }
  const resources: { id: string; type: string; positions?: number }[] = [];
  const allocations: { resource: string; flight?: string; from_minutes: number; to_minutes: number }[] = [];
  for (const z of ZONES) {
    const requests = desks.get(z)!;
    const units = assign(requests, 0);
    const used = Math.max(...units.flat()) + 1;
    for (let u = 0; u < used; u++) resources.push({ id: `${z}${String(u + 1).padStart(3, '0')}`, type: 'fullservice' });
    requests.forEach((r, k) =>
      units[k].forEach((u) =>
        allocations.push({ resource: `${z}${String(u + 1).padStart(3, '0')}`, flight: r.flight, from_minutes: r.from, to_minutes: r.to }),
      ),
    );
  }

  // Common bag drops and two security checkpoints, sized to the busiest hour of turn-up.
  const perHour = new Array(26).fill(0);
  for (const f of flights) perHour[Math.max(0, Math.floor((f.std_minutes - 110) / 60))] += f.seats * f.load_factor;
  const peak = Math.max(...perHour);
  const bagDrops = Math.ceil((peak * 0.9 * 0.25) / 60 / 0.75);
  for (let b = 0; b < bagDrops; b++) resources.push({ id: `BD${String(b + 1).padStart(3, '0')}`, type: 'bagdrop' });
  const lanes = Math.ceil(peak / 150 / 0.8 / 2);
  for (const side of ['S', 'N'])
    for (let l = 0; l < lanes; l++) {
      resources.push({ id: `${side}L${String(l + 1).padStart(2, '0')}`, type: 'security' });
      allocations.push({ resource: `${side}L${String(l + 1).padStart(2, '0')}`, from_minutes: 120, to_minutes: 1420 });
    }

  // One make-up position per segregation, open STD-150 (long haul STD-180), close STD-40 (-60).
  const makeupRequests = flights.flatMap((f) =>
    f.segregations.map((g) => ({
      flight: f.id,
      segregation: g.name,
      from: f.std_minutes - (f.turnup_profile === 'long-haul' ? 180 : 150),
      to: f.std_minutes - f.checkin_close_minutes,
      units: 1,
    })),
  );
  makeupRequests.sort((a, b) => a.from - b.from);
  const positions = assign(makeupRequests, 10).map((u) => u[0]);
  const carousels = Math.ceil((Math.max(...positions) + 1) / POSITIONS_PER_CAROUSEL);
  for (let c = 0; c < carousels; c++) resources.push({ id: `MU${c + 1}`, type: 'makeup_carousel', positions: POSITIONS_PER_CAROUSEL });

  return {
    kind: 'airport',
    name: `Synthetic design day, ${departures} departures`,
    seed,
    replications: 1,
    settings: { bin_minutes: 5, bag_transport_minutes: 6 },
    turnup_profiles: [
      // Short haul: about 110 minutes before STD on average, from 180 to 40; long haul 240 to 60.
      { id: 'short-haul', bin_minutes: 10, earliest_minutes: 180, shares: [2, 3, 5, 7, 9, 11, 12, 12, 11, 10, 8, 6, 4] },
      { id: 'long-haul', bin_minutes: 10, earliest_minutes: 240, shares: [1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 8, 7, 6, 5, 4, 3, 4] },
    ],
    flights,
    resources,
    resource_allocations: allocations,
    flow: {
      splits: AIRLINES.flatMap((a) => [
        { airline: a, segregation: 'J', to: [{ node: `desks-${zoneOf.get(a)}`, proportion: 100 }] },
        {
          airline: a,
          segregation: 'Y',
          to: [
            { node: `desks-${zoneOf.get(a)}`, proportion: 60 },
            { node: 'bagdrop', proportion: 25 },
            { node: 'south', proportion: 15 },
          ],
        },
      ]),
      queues: [
        ...ZONES.map((z) => ({
          id: `desks-${z}`,
          resources: resources.filter((r) => r.id.startsWith(z) && r.type === 'fullservice').map((r) => r.id),
          to: [
            { node: 'south', proportion: 50 },
            { node: 'north', proportion: 50 },
          ],
        })),
        {
          id: 'bagdrop',
          resources: resources.filter((r) => r.type === 'bagdrop').map((r) => r.id),
          to: [
            { node: 'south', proportion: 50 },
            { node: 'north', proportion: 50 },
          ],
        },
      ],
      outputs: ['S', 'N'].map((side) => ({
        id: side === 'S' ? 'south' : 'north',
        resources: resources.filter((r) => r.id.startsWith(`${side}L`)).map((r) => r.id),
      })),
    },
    bag_rules: [{ segregation: 'J', bags_per_passenger: 1.5 }],
    makeup_allocations: makeupRequests.map((m, k) => ({
      flight: m.flight,
      segregation: m.segregation,
      resource: `MU${Math.floor(positions[k] / POSITIONS_PER_CAROUSEL) + 1}`,
      position: positions[k] % POSITIONS_PER_CAROUSEL,
      from_minutes: m.from,
      to_minutes: m.to,
    })),
  };
}
