// Sizing an airport document: every check-in group (a queue's station per allocation group: a
// flight, an airline, everyone), bag-drop and kiosk group and security checkpoint, each to its
// queue's level-of-service target, with the share and period of the document's `sizing`. The
// answer is in planners' terms, beside what the document's allocations and lanes open today.
import { compileAirport, resourceService, resourceServers } from '../airport';
import { parseAirport } from '../airportSchema';
import type { NetworkStation } from '../network';
import { stationDepths } from './depths';
import type { AirportSizingKind, AirportStationFacts, AirportStationSizing, SizedStation, SizingProblem, StationSizing } from './types';

/** "Zone A queue 1 / BA", "Kiosks / all airlines", "Security North". */
function labelOf(name: string, kind: AirportSizingKind, group: string): string {
  if (kind === 'security') return name;
  const who = group === 'common' ? 'all airlines' : group.startsWith('airline ') ? group.slice('airline '.length) : group;
  return `${name} / ${who}`;
}

export function airportProblem(input: unknown): SizingProblem {
  const doc = parseAirport(input);
  const { network, plan } = compileAirport(doc);
  const resourceById = new Map(doc.resources.map((r) => [r.id, r]));
  const nameOf = new Map([...doc.flow.queues, ...doc.flow.outputs].map((n) => [n.id, n.name ?? n.id]));
  const facts: Record<string, AirportStationFacts> = {};
  const sized: Omit<SizedStation, 'depth'>[] = [];
  const stations = network.stations.map((st, j): NetworkStation => {
    const node = plan.nodes[plan.groupOf[j]];
    const types = new Set(node.resources.map((r) => resourceById.get(r)!.type));
    const kind: AirportSizingKind =
      node.kind === 'security'
        ? 'security'
        : types.size === 1 && (types.has('kiosk') || types.has('bagdrop'))
          ? ([...types][0] as 'kiosk' | 'bagdrop')
          : 'checkin';
    // The group may open any position of its queue: those allocated to it today first.
    const members = plan.stationResources[j].map((m) => m.resource);
    const order = [...members, ...node.resources.filter((r) => !members.includes(r))];
    const pools = order.map((id) => {
      const r = resourceById.get(id)!;
      return { id, servers: resourceServers(r), service: resourceService(doc, r) };
    });
    const capacity = pools.reduce((s, p) => s + p.servers, 0);
    facts[st.id] = {
      label: labelOf(nameOf.get(node.id)!, kind, st.id.slice(node.id.length + ' / '.length)),
      kind,
      capacity,
      current: (st.pools ?? [{ servers: st.servers!, schedule: st.schedule }]).map((p) => ({ servers: p.servers, schedule: p.schedule ?? null })),
    };
    sized.push({
      id: st.id,
      spec: { max_servers: capacity, period_minutes: doc.sizing.period_minutes, target: { wait_minutes: node.losTarget, share: doc.sizing.share } },
    });
    return { id: st.id, pools, queue_capacity: null, routes: st.routes, enforces_deadline: st.enforces_deadline };
  });
  const sizingNetwork = { ...network, stations };
  const depths = stationDepths(sizingNetwork);
  return {
    seed: doc.seed,
    network: sizingNetwork,
    sized: sized.map((s) => ({ ...s, depth: depths.get(s.id)! })),
    airport: { origin_minute: plan.origin, facts },
  };
}

/** Servers a pool opens at network minute t. */
function openAt(pool: AirportStationFacts['current'][number], t: number): number {
  if (pool.schedule === null) return pool.servers;
  return pool.schedule.find((iv) => iv.from_minutes <= t && t < iv.to_minutes)?.servers ?? 0;
}

/**
 * Servers the document opens per period (the most open at once in it) and its server-minutes
 * over the same periods: the schedules change only at their breakpoints, so those are checked.
 */
export function currentServers(facts: AirportStationFacts, periods: number, period: number) {
  const breaks = [...new Set(facts.current.flatMap((p) => (p.schedule ?? []).flatMap((iv) => [iv.from_minutes, iv.to_minutes])))];
  const level = (t: number) => facts.current.reduce((s, p) => s + openAt(p, t), 0);
  const servers: number[] = [];
  let minutes = 0;
  for (let k = 0; k < periods; k++) {
    const from = k * period;
    const to = from + period;
    const steps = [from, ...breaks.filter((b) => b > from && b < to).sort((a, b) => a - b), to];
    let most = 0;
    for (let i = 0; i + 1 < steps.length; i++) {
      const n = level(steps[i]);
      most = Math.max(most, n);
      minutes += n * (steps[i + 1] - steps[i]);
    }
    servers.push(most);
  }
  return { servers, minutes };
}

/** A sized station in planners' terms, beside the document's current plan. */
export function describeAirportStation(facts: AirportStationFacts, sizing: StationSizing): AirportStationSizing {
  const current = currentServers(facts, sizing.servers.length, sizing.period_minutes);
  return {
    ...sizing,
    label: facts.label,
    kind: facts.kind,
    capacity: facts.capacity,
    current_servers: current.servers,
    current_server_minutes: current.minutes,
    peak: Math.max(...sizing.servers),
  };
}
