// The turn-up profile as the chart draws it (pure, tested): one bar per bin of `bin_minutes`,
// the first starting `earliest_minutes` before STD, its height the share of passengers arriving
// in it; and the rule the API enforces, that the shares total 100 %.

export type TurnupBar = { label: string; fromMinutes: number; share: number };

/** Shares within this of 100 count as 100 (typed decimals do not add up exactly). */
const TOLERANCE = 0.01;

export function turnupBars(shares: readonly number[], binMinutes: number, earliestMinutes: number): TurnupBar[] {
  return shares.map((share, index) => {
    const fromMinutes = earliestMinutes - index * binMinutes;
    return { label: `${fromMinutes}`, fromMinutes, share };
  });
}

export function sharesTotal(shares: readonly number[]): number {
  return Math.round(shares.reduce((sum, s) => sum + s, 0) * 1000) / 1000;
}

/** Undefined when the shares total 100 %; otherwise what is wrong, in the planner's words. */
export function sharesRuleMessage(shares: readonly number[]): string | undefined {
  const total = sharesTotal(shares);
  if (shares.some((s) => s < 0 || s > 100)) return 'Each share must be from 0 to 100 %.';
  if (Math.abs(total - 100) <= TOLERANCE) return undefined;
  const gap = Math.round((100 - total) * 1000) / 1000;
  return `Shares total ${total} %; they must total 100 % (${gap > 0 ? `${gap} % missing` : `${-gap} % too much`}).`;
}

/** The profile's values as typed, read leniently so the chart follows every keystroke. */
export function profileFromValues(values: Record<string, unknown>): { shares: number[]; binMinutes: number; earliestMinutes: number } {
  const shares = Array.isArray(values.shares) ? values.shares.filter((s): s is number => typeof s === 'number') : [];
  const binMinutes = typeof values.bin_minutes === 'number' && values.bin_minutes > 0 ? values.bin_minutes : 10;
  const earliestMinutes = typeof values.earliest_minutes === 'number' ? values.earliest_minutes : shares.length * binMinutes;
  return { shares, binMinutes, earliestMinutes };
}
