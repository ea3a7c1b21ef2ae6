// A sized plan's verification in the planner's terms (issue 33): per period, the share within
// target verified on fresh replications, its 95 % interval, the search's own estimate of the same
// plan and the verdict, and the words the screen says about them. A period too close to call is
// never said to meet the target. Plans saved before plans were verified have only the search's
// estimates: they are "not verified", never "met". Pure; the tables and the cards use it.
import type { PeriodStatus } from '../../../../workers/sim/sizing/types';
import type { AirportSizingOutput, AirportStationSizing } from './plan';

export type PeriodVerdict = PeriodStatus | 'not_verified';

export const VERDICT_WORDS: Record<PeriodVerdict, string> = {
  met: 'Met',
  too_close: 'Too close to call',
  missed: 'Missed',
  not_verified: 'Not verified',
};

export type PeriodCheck = { verdict: PeriodVerdict; verified: number | null; ci95: readonly [number, number] | null; search: number | null };

/** Whether the group's plan was verified: plans saved before verification have no period status. */
export const isVerified = (station: AirportStationSizing) => station.period_status !== undefined;

export function periodChecks(station: AirportStationSizing): PeriodCheck[] {
  const status = station.period_status;
  if (status === undefined) {
    // Saved before verification, its shares were the search's own estimates (on the replications
    // it chose the plan with): they belong beside the search's estimates, never under "verified".
    return station.servers.map((_, i) => ({ verdict: 'not_verified', verified: null, ci95: null, search: station.share_within_target[i] ?? null }));
  }
  return station.servers.map((_, i) => ({
    verdict: status[i] ?? 'not_verified',
    verified: station.share_within_target[i] ?? null,
    ci95: station.share_ci95[i] ?? null,
    search: station.search_share_within_target?.[i] ?? null,
  }));
}

export type VerdictCounts = Record<PeriodVerdict, number>;

export function verdictCounts(station: AirportStationSizing): VerdictCounts {
  const counts: VerdictCounts = { met: 0, too_close: 0, missed: 0, not_verified: 0 };
  for (const { verdict } of periodChecks(station)) counts[verdict]++;
  return counts;
}

const periods = (n: number) => `${n} period${n === 1 ? '' : 's'}`;

/** "3 periods too close to call, 1 missed"; empty when no verified period falls short. */
export function unmetWords({ too_close, missed }: VerdictCounts): string {
  if (too_close === 0) return missed === 0 ? '' : `${periods(missed)} missed`;
  return `${periods(too_close)} too close to call${missed === 0 ? '' : `, ${missed} missed`}`;
}

/**
 * Whether the group may be called locally minimal: verified, one position fewer in any period
 * misses, and every period decided as met. A plan with periods too close to call (or missed) is
 * not proven at all, so it is not called minimal either, whatever its removals showed.
 */
export function provenMinimal(station: AirportStationSizing): boolean {
  if (!isVerified(station) || !station.locally_minimal) return false;
  const { too_close, missed } = verdictCounts(station);
  return too_close === 0 && missed === 0;
}

/** "400 fresh replications"; null for a plan saved before plans were verified. */
function freshReplications(station: AirportStationSizing): string | null {
  const n = station.verification_replications;
  return isVerified(station) && n !== undefined ? `${n.toLocaleString('en-US')} fresh replications` : null;
}

/** "Verified on 400 fresh replications", or that the plan predates verification. */
export function verifiedWords(station: AirportStationSizing): string {
  const fresh = freshReplications(station);
  return fresh === null ? 'Not verified (sized before plans were verified)' : `Verified on ${fresh}`;
}

/** What the group's chart may claim: met in every period only when verification says so of each. */
export function verificationCaption(station: AirportStationSizing): string {
  const lead = `${station.period_minutes}-minute periods`;
  const fresh = freshReplications(station);
  if (fresh === null) return `${lead}; sized before plans were verified on fresh replications, so no period is shown as meeting the target.`;
  const counts = verdictCounts(station);
  const total = station.servers.length;
  if (counts.met === total) return `${lead}; verified on ${fresh}, the sized plan meets the target in every period.`;
  return `${lead}; verified on ${fresh}, the sized plan meets the target in ${counts.met} of ${total} periods (${unmetWords(counts)}; see the table).`;
}

/** "Searched on up to 32 replications, verified on up to 400 fresh ones, sized in 12.3 s." */
export function runWords(plan: AirportSizingOutput): string {
  const took = `sized in ${(plan.wall_ms / 1000).toFixed(1)} s`;
  if (plan.verification_replications === undefined) return `${plan.replications.toLocaleString('en-US')} replications (not verified), ${took}.`;
  return `Searched on up to ${plan.replications.toLocaleString('en-US')} replications, verified on up to ${plan.verification_replications.toLocaleString('en-US')} fresh ones, ${took}.`;
}
