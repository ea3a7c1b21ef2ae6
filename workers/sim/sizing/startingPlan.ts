// Where the search starts: per period, the fewest servers an M/M/c queue in steady state would
// need for the target at that period's arrival rate (Erlang C). Only a first guess: the search
// raises what misses in simulation and removes what is not needed.
import { waitExceeds } from '../../queueing/erlang';
import type { NetworkStation } from '../network';
import type { SizeSpec } from './types';

/** P(W <= t) in a stationary M/M/c queue (rates per minute); 0 when c cannot keep up. */
export function erlangShareWithin(lambda: number, mu: number, c: number, t: number): number {
  if (lambda === 0) return 1;
  return 1 - waitExceeds(c, lambda, mu, t);
}

/** The fewest servers up to max whose Erlang C share within target meets it (max if none). */
function erlangServers(lambda: number, mu: number, spec: SizeSpec): number {
  if (lambda === 0) return 0;
  for (let c = 1; c < spec.max_servers; c++) {
    if (erlangShareWithin(lambda, mu, c, spec.target.wait_minutes) >= spec.target.share) return c;
  }
  return spec.max_servers;
}

/** Mean service minutes of a sized station's positions (its pools weighted by their servers). */
export function meanServiceMinutes(station: NetworkStation): number {
  const pools = station.pools!;
  const servers = pools.reduce((s, p) => s + p.servers, 0);
  return pools.reduce((s, p) => s + p.servers * p.service.mean_minutes, 0) / servers;
}

/** Starting servers per period from mean arrivals per period (per replication). */
export function startingServers(arrivals: readonly number[], meanService: number, spec: SizeSpec): number[] {
  const servers = arrivals.map((a) => erlangServers(a / spec.period_minutes, 1 / meanService, spec));
  // Whoever still waits after the last period is served by its positions, so it keeps one.
  servers[servers.length - 1] = Math.max(1, servers[servers.length - 1]);
  return servers;
}
