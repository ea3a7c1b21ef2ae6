// A finished job's result in the planner's words (pure, tested): the allocations' own summary,
// the rule jobs' and the sizing's counts, and for any other kind its numbers with readable keys
// and units instead of a raw dump ("wall: 14.2 s", not "wall ms: 14231").
import { summariseAllocationResult } from '../allocation/model/jobSummary';
import { plural } from './plural';

type Result = Record<string, unknown>;

const num = (result: Result, key: string) => (typeof result[key] === 'number' ? (result[key] as number) : null);

/** A number as a planner reads it: thousands grouped, fractions to three significant digits. */
export function formatNumber(value: number): string {
  return Number.isInteger(value) ? value.toLocaleString('en-GB') : Number(value.toPrecision(3)).toLocaleString('en-GB');
}

function generic(result: Result): string | null {
  const parts = Object.entries(result).flatMap(([key, value]) => {
    if (typeof value === 'string') return [`${key.replace(/_/g, ' ')}: ${value}`];
    if (typeof value !== 'number') return [];
    if (key.endsWith('_ms')) return [`${key.slice(0, -3).replace(/_/g, ' ')}: ${(value / 1000).toFixed(1)} s`];
    return [`${key.replace(/_/g, ' ')}: ${formatNumber(value)}`];
  });
  return parts.length ? parts.join(' · ') : null;
}

const WORDED: Record<string, (result: Result) => string | null> = {
  'segregations-generate': (r) =>
    `${plural(num(r, 'segregations') ?? 0, 'segregation')} for ${plural(num(r, 'departures') ?? 0, 'departure')} · ${formatNumber(num(r, 'bags') ?? 0)} bags`,
  'flight-import-rules-apply': (r) =>
    `${plural(num(r, 'updated') ?? 0, 'flight')} of ${formatNumber(num(r, 'flights') ?? 0)} updated by ${plural(num(r, 'rules') ?? 0, 'rule')}`,
  'simulation-size': (r) => {
    const workers = Object.keys((r.workers as Record<string, number> | undefined) ?? {}).length;
    return `Plan saved · ${formatNumber(num(r, 'replications') ?? 0)} replications per plan · ${plural(workers, 'worker process', 'worker processes')}`;
  },
};

const ALLOCATIONS = new Set(['allocation-makeup', 'allocation-checkin', 'allocation-graphics']);

export function describeJobResult(kind: string, result: Result | null): string | null {
  if (!result) return null;
  if (ALLOCATIONS.has(kind)) {
    const summary = summariseAllocationResult(result);
    return summary && [summary.headline, ...summary.details].join(' · ');
  }
  return (WORDED[kind] ?? generic)(result);
}
