// A facility requirements plan in the planner's terms: periods as clock times, positions and
// position-hours per group (check-in queue group, bag-drop or kiosk group, security checkpoint),
// and the step lines its chart draws. Pure; the screen, the exports and the comparison use it.
import { formatMinutes } from '../../../charts/timeFormat';
import type { AirportSizingKind, AirportSizingOutput as SizedOutput, AirportStationSizing as SizedStation } from '../../../../workers/sim/sizing/types';

export type { AirportSizingKind };

/** What the verification on fresh replications (issue 33) added to a group: plans saved before it lack these. */
type VerificationFields = 'period_status' | 'search_share_within_target' | 'verification_replications';
type RunFields = 'verification_replications' | 'search_ms' | 'verify_ms';

/**
 * A sized group as the screen meets it: fresh from the engine, or saved (as JSON) before plans were
 * verified, so the verification's fields may be missing and the screen must say "not verified".
 */
export type AirportStationSizing = Omit<SizedStation, VerificationFields> & Partial<Pick<SizedStation, VerificationFields>>;

/** A plan as the screen meets it: the engine's answer, or one saved before plans were verified. */
export type AirportSizingOutput = Omit<SizedOutput, 'stations' | RunFields> &
  Partial<Pick<SizedOutput, RunFields>> & { stations: Record<string, AirportStationSizing> };

/** What one position of a group is called, one and many. */
export const POSITION_NAMES: Record<AirportSizingKind, { one: string; many: string; hours: string }> = {
  checkin: { one: 'counter', many: 'counters', hours: 'Counter-hours' },
  bagdrop: { one: 'bag drop', many: 'bag drops', hours: 'Bag-drop-hours' },
  kiosk: { one: 'kiosk', many: 'kiosks', hours: 'Kiosk-hours' },
  security: { one: 'lane', many: 'lanes', hours: 'Lane-hours' },
};

const KIND_ORDER: AirportSizingKind[] = ['checkin', 'bagdrop', 'kiosk', 'security'];

export const positionsWord = (kind: AirportSizingKind, n: number) => (Math.abs(n) === 1 ? POSITION_NAMES[kind].one : POSITION_NAMES[kind].many);

/** Design-day minute at which period i of a plan starts. */
export const periodStart = (originMinute: number, periodMinutes: number, i: number) => originMinute + i * periodMinutes;

/** "07:00-07:30": period i as the clock reads it. */
export function periodLabel(originMinute: number, periodMinutes: number, i: number): string {
  const from = periodStart(originMinute, periodMinutes, i);
  return `${formatMinutes(from)}-${formatMinutes(from + periodMinutes)}`;
}

/** Position-hours of positions open per period: what staffing costs are made of. */
export function positionHours(positions: readonly number[], periodMinutes: number): number {
  return (positions.reduce((a, b) => a + b, 0) * periodMinutes) / 60;
}

export type PlanGroup = { id: string; station: AirportStationSizing; hours: number; currentHours: number };

/** The plan's groups in the order planners read a terminal: check-in, bag drop, kiosk, security, then by name. */
export function planGroups(plan: AirportSizingOutput): PlanGroup[] {
  return Object.entries(plan.stations)
    .map(([id, station]) => ({
      id,
      station,
      hours: positionHours(station.servers, station.period_minutes),
      currentHours: positionHours(station.current_servers, station.period_minutes),
    }))
    .sort((a, b) => KIND_ORDER.indexOf(a.station.kind) - KIND_ORDER.indexOf(b.station.kind) || a.station.label.localeCompare(b.station.label));
}

/** Position-hours of the whole plan and of the current plan, per kind of position. */
export function hoursByKind(plan: AirportSizingOutput): Array<{ kind: AirportSizingKind; hours: number; currentHours: number }> {
  const groups = planGroups(plan);
  return KIND_ORDER.filter((kind) => groups.some((g) => g.station.kind === kind)).map((kind) => {
    const own = groups.filter((g) => g.station.kind === kind);
    return { kind, hours: own.reduce((n, g) => n + g.hours, 0), currentHours: own.reduce((n, g) => n + g.currentHours, 0) };
  });
}

/** "12.5 counter-hours saved" / "3 lane-hours added" / "no change": the plan against the current one. */
export function savedOrAdded(hours: number, currentHours: number, kind: AirportSizingKind): string {
  const difference = Math.round((hours - currentHours) * 10) / 10;
  const unit = POSITION_NAMES[kind].hours.toLowerCase();
  if (difference === 0) return `same ${unit}`;
  return `${Math.abs(difference).toLocaleString('en-US')} ${unit} ${difference < 0 ? 'saved' : 'added'}`;
}

export type StepPoint = { x: number; y: number | null; low: null; high: null };

/**
 * Positions per period as a stepped line: each period holds its value from its start to its end,
 * so a line chart drawing straight segments between the points draws steps.
 */
export function stepPoints(values: readonly number[], originMinute: number, periodMinutes: number): StepPoint[] {
  return values.flatMap((y, i) => {
    const from = periodStart(originMinute, periodMinutes, i);
    return [
      { x: from, y, low: null, high: null },
      { x: from + periodMinutes, y, low: null, high: null },
    ];
  });
}

/**
 * The periods worth drawing: from the first where the plan or the current plan opens anything to
 * the last (period 0 starts with the day's first passenger, often hours before a group's own).
 * [from, to) period indices; the whole plan when it opens nothing.
 */
export function activePeriods(...plans: ReadonlyArray<readonly number[]>): [number, number] {
  const periods = Math.max(...plans.map((p) => p.length));
  const open = (i: number) => plans.some((p) => (p[i] ?? 0) > 0);
  let from = 0;
  while (from < periods && !open(from)) from++;
  if (from === periods) return [0, periods];
  let to = periods;
  while (to > from && !open(to - 1)) to--;
  return [from, to];
}
