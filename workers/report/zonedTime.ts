// Local wall-clock time at an IANA zone to UTC and a zone's offset at an instant, with Intl only
// (no time-zone library): CSV and XLSX schedules and typed STDs give local times, the design day's
// clock starts at local midnight, and a fixed offset would be an hour wrong across DST.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Offset of the zone from UTC at an instant, in milliseconds (New York in January: -5 h). */
export function zoneOffsetMs(timeZone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The UTC instant (ms) of a local wall-clock time, given as milliseconds of that wall time read
 * as if it were UTC. Resolves like Temporal's 'compatible': a time that occurs twice (clocks go
 * back) takes the earlier instant; a time skipped by clocks going forward moves on by the gap
 * (02:30 on a spring-forward night becomes 03:30).
 */
export function zonedWallToUtc(wallMs: number, timeZone: string): number {
  // Real zones change offset at most once within a day, so the offsets a day either side
  // are the only two candidates.
  const DAY = 86_400_000;
  const before = zoneOffsetMs(timeZone, wallMs - DAY);
  const after = zoneOffsetMs(timeZone, wallMs + DAY);
  const candidates = [wallMs - before, wallMs - after].filter((t) => t + zoneOffsetMs(timeZone, t) === wallMs);
  return candidates.length ? Math.min(...candidates) : wallMs - before;
}

/** The local date (YYYY-MM-DD) and minute after local midnight of an instant in a zone. */
export function localDateAndMinute(instant: number, timeZone: string): { date: string; minute: number } {
  const local = instant + zoneOffsetMs(timeZone, instant);
  return { date: new Date(local).toISOString().slice(0, 10), minute: Math.floor((local % 86_400_000) / 60_000) };
}
