// Two requirements plans side by side (usually of two scenarios, e.g. the base and the growth
// case): per group, how many positions more or fewer the second needs and when ("+4 lanes
// 07:00-09:00"), and the difference in position-hours. Periods are matched by clock time, so
// plans with different origins or period lengths still line up.
import { formatMinutes } from '../../../charts/timeFormat';
import { positionHours, positionsWord, type AirportSizingKind, type AirportSizingOutput, type AirportStationSizing } from './plan';

export type ChangeRange = { from: number; to: number; change: number };

export type GroupDifference = {
  id: string;
  label: string;
  kind: AirportSizingKind;
  /** Only one plan has the group. */
  only: 'first' | 'second' | null;
  ranges: ChangeRange[];
  /** Second plan's position-hours minus the first's. */
  hours: number;
};

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Positions a station opens at a design-day minute (none outside its periods). */
function openAt(station: AirportStationSizing | undefined, origin: number, minute: number): number {
  if (!station) return 0;
  const i = Math.floor((minute - origin) / station.period_minutes);
  return i >= 0 && i < station.servers.length ? station.servers[i] : 0;
}

function span(station: AirportStationSizing | undefined, origin: number): [number, number] {
  return station ? [origin, origin + station.servers.length * station.period_minutes] : [Infinity, -Infinity];
}

/** The periods where the second station opens a different number of positions, equal neighbours merged. */
export function changeRanges(
  first: AirportStationSizing | undefined,
  firstOrigin: number,
  second: AirportStationSizing | undefined,
  secondOrigin: number,
): ChangeRange[] {
  const step = gcd(first?.period_minutes ?? second!.period_minutes, second?.period_minutes ?? first!.period_minutes);
  const [a0, a1] = span(first, firstOrigin);
  const [b0, b1] = span(second, secondOrigin);
  const ranges: ChangeRange[] = [];
  for (let t = Math.min(a0, b0); t < Math.max(a1, b1); t += step) {
    const change = openAt(second, secondOrigin, t) - openAt(first, firstOrigin, t);
    const last = ranges[ranges.length - 1];
    if (change === 0) continue;
    if (last && last.to === t && last.change === change) last.to = t + step;
    else ranges.push({ from: t, to: t + step, change });
  }
  return ranges;
}

/** "+4 lanes 07:00-09:00". */
export function describeRange(range: ChangeRange, kind: AirportSizingKind): string {
  const sign = range.change > 0 ? '+' : '\u2212';
  return `${sign}${Math.abs(range.change)} ${positionsWord(kind, range.change)} ${formatMinutes(range.from)}-${formatMinutes(range.to)}`;
}

export function comparePlans(first: AirportSizingOutput, second: AirportSizingOutput): GroupDifference[] {
  const ids = [...new Set([...Object.keys(first.stations), ...Object.keys(second.stations)])];
  return ids.map((id) => {
    const a = first.stations[id];
    const b = second.stations[id];
    const either = (a ?? b)!;
    const hours = (b ? positionHours(b.servers, b.period_minutes) : 0) - (a ? positionHours(a.servers, a.period_minutes) : 0);
    return {
      id,
      label: either.label,
      kind: either.kind,
      only: a && b ? null : a ? 'first' : 'second',
      ranges: changeRanges(a, first.origin_minute, b, second.origin_minute),
      hours,
    };
  });
}
