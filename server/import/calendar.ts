// Calendar arithmetic on whole days counted from 1970-01-01, the one representation the importers
// expand periods in, so no Date object ever carries a local-time surprise into a schedule.

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of an ISO date (YYYY-MM-DD), or null when it is not a real date. */
export function parseIsoDate(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m ? dayFromParts(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** Days since 1970-01-01 of a calendar date, or null when month or day are out of range. */
export function dayFromParts(year: number, month: number, day: number): number | null {
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  // Date.UTC rolls 31 February over into March; a real date survives the round trip.
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return ms / MS_PER_DAY;
}

export function isoDate(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 1 = Monday ... 7 = Sunday, the numbering of SSIM days of operation. */
export function weekday(day: number): number {
  // 1970-01-01 was a Thursday.
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** Milliseconds since the epoch of a day plus minutes into it. */
export function instantOf(day: number, minutes: number): number {
  return day * MS_PER_DAY + minutes * 60_000;
}

export function dayOfInstant(ms: number): number {
  return Math.floor(ms / MS_PER_DAY);
}

/** ISO 8601 UTC without milliseconds, e.g. 2020-11-04T17:45:00Z. */
export function isoUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
