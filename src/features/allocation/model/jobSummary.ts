// An allocation job's result in the planner's words (pure, tested): placed and not placed with
// the reasons (check-in: airline windows of common check-in, or flights), the gap and whether the
// answer is proven optimal.
const REASONS: Record<string, string> = {
  capacity: 'no room',
  no_resource: 'no make-up resource in its zone',
  too_wide: 'needs more positions than any resource has',
  no_counters: 'no counters in its zone',
  no_row: 'no counters in its zone',
};

const reasonWords = (reason: string) => REASONS[reason] ?? reason.replace(/_/g, ' ');

export type JobSummary = { headline: string; details: string[] };

type Terms = { unassigned: number; split_flights: number; peak: number };

const isTerms = (value: unknown): value is Terms =>
  !!value && typeof value === 'object' && ['unassigned', 'split_flights', 'peak'].every((k) => typeof (value as Record<string, unknown>)[k] === 'number');

/**
 * Each term of the make-up objective against its own proven bound, in a planner's words: the
 * weighted gap is all about the unplaced segregations and says nothing of the others.
 */
function makeupTerms(objective: Terms, bound: Terms): string[] {
  const against = (value: number, proven: number) => (value <= proven ? 'proven minimum' : `at most ${value - proven} more than the best possible`);
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    `${plural(objective.unassigned, 'segregation', 'segregations')} without a position: ${against(objective.unassigned, bound.unassigned)}`,
    `${plural(objective.split_flights, 'flight', 'flights')} split over several make-up resources: ${against(objective.split_flights, bound.split_flights)}`,
    `busiest resource ${plural(objective.peak, 'position', 'positions')} in use at once: ${against(objective.peak, bound.peak)}`,
  ];
}

type Num = (key: string) => number | null;

/** Counters per airline: entries are clusters of an airline's flights (results before that option were per flight). */
function checkinHeadline(result: Record<string, unknown>, num: Num, why: string[]): string {
  const airline = result.counters_per === 'airline';
  const placed = num('placed')!;
  const noun = airline ? `airline window${placed === 1 ? '' : 's'}` : `flight${placed === 1 ? '' : 's'}`;
  const departures = num('departures');
  const scope = airline ? ` · common check-in${departures !== null ? ` for ${departures} departures` : ''}` : '';
  return `${placed} ${noun} placed, ${num('unplaced') ?? 0} not placed${why.length ? ` (${why.join(', ')})` : ''}${scope}`;
}

function checkinDetails(num: Num): string[] {
  const out: string[] = [];
  const peak = num('peak_counters_needed');
  const available = num('counters_available');
  if (peak !== null) out.push(available !== null ? `peak ${peak} of ${available} counters needed at once` : `peak ${peak} counters needed`);
  const share = num('counter_share');
  if (share !== null && share < 100) out.push(`sized for the ${share} % of passengers who check in at a counter`);
  const kept = num('kept_blocks');
  if (kept) out.push(`${kept} locked block${kept === 1 ? '' : 's'} kept`);
  return out;
}

export function summariseAllocationResult(result: Record<string, unknown> | null): JobSummary | null {
  if (!result) return null;
  const num = (key: string) => (typeof result[key] === 'number' ? (result[key] as number) : null);
  const reasons = (key: string) => {
    const value = result[key];
    if (!value || typeof value !== 'object') return [];
    return Object.entries(value as Record<string, number>).map(([reason, n]) => `${n} ${reasonWords(reason)}`);
  };
  const details: string[] = [];
  const gap = num('gap');
  if (gap !== null) details.push(`gap ${(gap * 100).toFixed(gap > 0 && gap < 0.001 ? 3 : 1)} %`);
  if (typeof result.optimal === 'boolean') details.push(result.optimal ? 'proven optimal' : 'not proven optimal');
  const wall = num('wall_ms');
  if (wall !== null) details.push(`${(wall / 1000).toFixed(1)} s`);
  if (num('assigned') !== null) {
    const why = reasons('unassigned_by_reason');
    const headline = `${num('assigned')} placed, ${num('unassigned') ?? 0} not placed${why.length ? ` (${why.join(', ')})` : ''}`;
    const { objective, bound } = result;
    // Results with each term's bound are worded term by term instead of the weighted gap.
    if (isTerms(objective) && isTerms(bound)) return { headline, details: [...makeupTerms(objective, bound), ...details.filter((d) => !d.startsWith('gap '))] };
    return { headline, details };
  }
  if (num('placed') !== null) return { headline: checkinHeadline(result, num, reasons('unplaced_by_reason')), details: [...checkinDetails(num), ...details] };
  if (num('segregations') !== null) return { headline: `${num('segregations')} segregations generated`, details };
  const files = result.files;
  if (Array.isArray(files)) return { headline: `${files.length} file${files.length === 1 ? '' : 's'} ready`, details };
  return { headline: 'Done', details };
}
