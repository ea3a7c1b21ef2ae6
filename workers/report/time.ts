// The design day's clock: instants become minutes after local midnight of the design date in the
// airport's time zone (negative the evening before, past 1440 after midnight) and back, and
// minutes become "HH:MM" labels. Pure (Intl only), so the browser and a server job agree.
import { zoneOffsetMs } from './zonedTime';

const zoneOffsetMinutes = (ms: number, timeZone: string) => Math.round(zoneOffsetMs(timeZone, ms) / 60_000);

export type DayClock = {
  /** Epoch milliseconds of local midnight starting the design day. */
  base: number;
  toMinutes(iso: string): number;
  toIso(minutes: number): string;
};

export function dayClock(designDate: string, timeZone: string): DayClock {
  const utcMidnight = Date.parse(`${designDate}T00:00:00Z`);
  // Twice: the offset at local midnight may differ from the offset at UTC midnight (DST days).
  const first = utcMidnight - zoneOffsetMinutes(utcMidnight, timeZone) * 60_000;
  const base = utcMidnight - zoneOffsetMinutes(first, timeZone) * 60_000;
  return {
    base,
    toMinutes: (iso) => (Date.parse(iso) - base) / 60_000,
    toIso: (minutes) => new Date(base + Math.round(minutes * 60_000)).toISOString(),
  };
}

/** "HH:MM" of a minute of the day, wrapping past midnight ("00:30" for 1470). */
export function clockLabel(minutes: number): string {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** A clock time with the day it falls on when that is not the design day: "00:00 +1", "23:30 -1". */
export function dayClockLabel(minutes: number): string {
  const day = Math.floor(Math.round(minutes) / 1440);
  return day === 0 ? clockLabel(minutes) : `${clockLabel(minutes)} ${day > 0 ? '+' : ''}${day}`;
}

/**
 * How far a chart reaches either side of the design day: a day's allocations start the evening
 * before at the earliest and end the next morning at the latest. A row stored with an absurd
 * span (2017 to 9999) runs to the edge instead of stretching the chart over millennia.
 */
const DOMAIN_LIMIT: [number, number] = [-1440, 2 * 1440];

/** The whole hours covering every interval, at least the design day itself, at most DOMAIN_LIMIT. */
export function dayDomain(intervals: Iterable<{ start: number; end: number }>): [number, number] {
  let lo = 0;
  let hi = 1440;
  for (const { start, end } of intervals) {
    if (start < lo) lo = start;
    if (end > hi) hi = end;
  }
  return [Math.max(DOMAIN_LIMIT[0], Math.floor(lo / 60) * 60), Math.min(DOMAIN_LIMIT[1], Math.ceil(hi / 60) * 60)];
}

/** Tick positions every `step` minutes inside [from, to]. */
export function ticks(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let t = Math.ceil(from / step) * step; t <= to; t += step) out.push(t);
  return out;
}

/** A readable tick step for a span of minutes shown over about `slots` ticks. */
export function tickStep(span: number, slots = 12): number {
  const steps = [5, 10, 15, 30, 60, 120, 180, 240, 360];
  return steps.find((s) => span / s <= slots) ?? 720;
}

/** The design day as the reports' subtitles say it: its date, and where it came from when known. */
export function designDayLabel(day: { designDate: string; source?: string }): string {
  return day.source ? `${day.designDate} (${day.source})` : day.designDate;
}
