import { describe, expect, it } from 'vitest';
import { dayFromParts, instantOf, isoDate, isoUtc, parseIsoDate, weekday } from './calendar';
import { isTimeZone, zonedWallToUtc, zoneOffsetMs } from '../../workers/report/zonedTime';

/** UTC ISO of a local wall time at a zone. */
function utcOf(date: string, hh: number, mm: number, zone: string): string {
  return isoUtc(zonedWallToUtc(instantOf(parseIsoDate(date)!, hh * 60 + mm), zone));
}

describe('zonedWallToUtc', () => {
  it('uses standard time in winter and summer time in summer', () => {
    expect(utcOf('2017-01-02', 5, 5, 'America/New_York')).toBe('2017-01-02T10:05:00Z');
    expect(utcOf('2017-07-02', 5, 5, 'America/New_York')).toBe('2017-07-02T09:05:00Z');
    expect(utcOf('2020-11-01', 18, 45, 'Europe/Paris')).toBe('2020-11-01T17:45:00Z');
    expect(utcOf('2020-07-01', 18, 45, 'Europe/Paris')).toBe('2020-07-01T16:45:00Z');
  });

  it('handles half-hour zones and the southern hemisphere', () => {
    expect(utcOf('2021-03-01', 0, 15, 'Asia/Kolkata')).toBe('2021-02-28T18:45:00Z');
    expect(utcOf('2021-01-15', 9, 0, 'Australia/Sydney')).toBe('2021-01-14T22:00:00Z'); // +11 in January
    expect(utcOf('2021-07-15', 9, 0, 'Australia/Sydney')).toBe('2021-07-14T23:00:00Z'); // +10 in July
  });

  it('converts times either side of the change-over night correctly', () => {
    // New York moved to summer time at 02:00 on 2017-03-12 and back at 02:00 on 2017-11-05.
    expect(utcOf('2017-03-12', 1, 59, 'America/New_York')).toBe('2017-03-12T06:59:00Z');
    expect(utcOf('2017-03-12', 3, 0, 'America/New_York')).toBe('2017-03-12T07:00:00Z');
    expect(utcOf('2017-11-05', 0, 30, 'America/New_York')).toBe('2017-11-05T04:30:00Z');
    expect(utcOf('2017-11-05', 2, 30, 'America/New_York')).toBe('2017-11-05T07:30:00Z');
  });

  it('moves a skipped time forward by the gap and takes the earlier of a repeated time', () => {
    expect(utcOf('2017-03-12', 2, 30, 'America/New_York')).toBe('2017-03-12T07:30:00Z'); // = 03:30 EDT
    expect(utcOf('2017-11-05', 1, 30, 'America/New_York')).toBe('2017-11-05T05:30:00Z'); // 01:30 EDT, not EST
    expect(utcOf('2020-03-29', 2, 30, 'Europe/Paris')).toBe('2020-03-29T01:30:00Z');
    expect(utcOf('2020-10-25', 2, 30, 'Europe/Paris')).toBe('2020-10-25T00:30:00Z');
  });

  it('reports zone offsets and recognises zone names', () => {
    expect(zoneOffsetMs('America/New_York', Date.UTC(2017, 0, 2, 12))).toBe(-5 * 3_600_000);
    expect(zoneOffsetMs('UTC', Date.UTC(2017, 0, 2, 12))).toBe(0);
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

describe('calendar', () => {
  it('round-trips ISO dates and rejects impossible ones', () => {
    expect(isoDate(parseIsoDate('2020-02-29')!)).toBe('2020-02-29');
    expect(parseIsoDate('2021-02-29')).toBeNull();
    expect(parseIsoDate('2021-2-3')).toBeNull();
    expect(dayFromParts(2017, 13, 1)).toBeNull();
  });

  it('numbers weekdays from Monday = 1', () => {
    expect(weekday(parseIsoDate('2020-11-01')!)).toBe(7); // a Sunday
    expect(weekday(parseIsoDate('2018-04-03')!)).toBe(2); // a Tuesday
    expect(weekday(parseIsoDate('1969-12-29')!)).toBe(1); // before the epoch
  });
});
