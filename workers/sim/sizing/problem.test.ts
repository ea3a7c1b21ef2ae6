// Network documents to be sized: `size` instead of servers, validated with the engine's
// field-named errors; the order in which stations are sized.
import { describe, expect, it } from 'vitest';
import { SimError } from '../errors';
import { prepare } from '../run';
import { stationDepths } from './depths';
import { prepareSizing } from './problem';

const size = { max_servers: 5, period_minutes: 30, target: { wait_minutes: 10, share: 0.95 } };
const service = { dist: 'exponential', mean_minutes: 2 };

function doc(stations: object[]) {
  return { kind: 'network', sources: [{ id: 'a', to: 'x', arrivals: { type: 'poisson', rate_per_hour: 60, count: 10 } }], stations };
}

function fieldOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof SimError) return e.message;
    throw e;
  }
  return 'valid';
}

describe('a station to be sized', () => {
  it('becomes one pool at its full size, and the seed can be overridden', () => {
    const problem = prepareSizing(doc([{ id: 'x', size, service }]), { seed: 7 });
    expect(problem.seed).toBe(7);
    expect(problem.sized).toEqual([{ id: 'x', spec: size, depth: 0 }]);
    expect(problem.network.stations[0].pools).toEqual([{ id: 'x', servers: 5, service }]);
    expect(structuredClone(problem)).toEqual(problem);
  });
  it('gives size or servers, with a service and an unlimited queue, and its target share in (0, 1)', () => {
    expect(fieldOf(() => prepareSizing(doc([{ id: 'x', size, servers: 2, service }])))).toBe(
      'stations[0].size: give either size or servers (and schedule), not both',
    );
    expect(fieldOf(() => prepareSizing(doc([{ id: 'x', size }])))).toContain('stations[0].service: must name a dist');
    expect(fieldOf(() => prepareSizing(doc([{ id: 'x', size, service, queue_capacity: 4 }])))).toBe(
      'stations[0].queue_capacity: a sized station has an unlimited queue',
    );
    expect(fieldOf(() => prepareSizing(doc([{ id: 'x', size: { ...size, target: { wait_minutes: 10, share: 1 } }, service }])))).toBe(
      'stations[0].size.target.share: must be a number between 0 and 1 (exclusive)',
    );
    expect(fieldOf(() => prepareSizing(doc([{ id: 'x', size: { ...size, max_servers: 0 } }])))).toBe(
      'stations[0].size.max_servers: must be a positive integer',
    );
    expect(fieldOf(() => prepareSizing(doc([{ id: 'x', servers: 1, service }])))).toBe('stations: no station to size: give one "size" instead of "servers"');
    expect(fieldOf(() => prepareSizing({ kind: 'queue' }))).toBe('kind: must be "network" or "airport"');
  });
  it('is refused by an ordinary run, which needs its servers', () => {
    expect(fieldOf(() => prepare(doc([{ id: 'x', size, service }])))).toBe('stations[0].size: only "sim size" sizes a station; give servers to run it');
  });
});

describe('the order of sizing', () => {
  it('puts a station after every station that can send it passengers, and refuses cycles', () => {
    const network = prepareSizing(
      doc([
        {
          id: 'x',
          size,
          service,
          routes: [
            { to: 'y', p: 0.5 },
            { to: 'z', p: 0.5 },
          ],
        },
        { id: 'y', size, service, routes: [{ to: 'z', p: 1 }] },
        { id: 'z', size, service },
      ]),
    ).network;
    expect(Object.fromEntries(stationDepths(network))).toEqual({ x: 0, y: 1, z: 2 });
    const cycle = doc([
      { id: 'x', size, service, routes: [{ to: 'y', p: 1 }] },
      {
        id: 'y',
        size,
        service,
        routes: [
          { to: 'x', p: 0.5 },
          { to: 'out', p: 0.5 },
        ],
      },
    ]);
    expect(fieldOf(() => prepareSizing(cycle))).toBe('stations: sizing needs routes without cycles: x -> y -> x');
  });
});
