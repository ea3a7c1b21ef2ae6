// A schedule file read as a season: SSIM legs "until further notice" counted to the last date the
// file names, with a warning; a file longer than one IATA season read whole, with a warning; no
// departures at the airport refused by name.
import { describe, expect, it } from 'vitest';
import { readSharedText } from '../../tests/support/sharedData';
import { jfkSeasonCsv } from '../../tests/support/seasonCsv';
import { readSeason, SeasonFileError } from './seasonFlights';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('readSeason', () => {
  it('counts an open-ended SSIM leg up to the last date the file names, and says so', async () => {
    const sample = readSharedText('ssim', 'rusty_ssim_sample.ssim');
    const closed = await readSeason('sample.ssim', bytes(sample), 'LHR', 'Europe/London');
    const open = sample.replace(/^(3 XX 10010101J28MAR18)03APR18/m, '$100XXX00');
    const season = await readSeason('sample.ssim', bytes(open), 'LHR', 'Europe/London');
    // LHR 0900 to JFK on Tuesdays, 28 March to 3 April 2018; made open-ended, it runs on to the
    // end of the period the file covers (its carrier's validity), weekly.
    const jfk = (s: typeof season) => s.flights.filter((f) => f.destination === 'JFK').map((f) => f.date);
    expect(jfk(closed)).toEqual(['2018-04-03']);
    const dates = jfk(season);
    expect(dates.length).toBeGreaterThan(1);
    expect(dates.every((d, k) => k === 0 || Date.parse(d) - Date.parse(dates[k - 1]) === 7 * 86_400_000)).toBe(true);
    expect(Date.parse(season.period.to) - Date.parse(dates.at(-1)!)).toBeLessThan(7 * 86_400_000);
    expect(season.warnings.map((w) => w.message)).toContain(
      `1 flight leg operate until further notice (00XXX00): counted up to ${season.period.to}, the last date the file names`,
    );
  });

  it('reads every day of a file longer than one season, and says so', async () => {
    const [header, ...rows] = jfkSeasonCsv(1, 0).trim().split('\n');
    const december = rows.map((r) => r.replace(/^2017,1,2,/, '2017,12,4,'));
    const season = await readSeason('year.csv', bytes([header, ...rows, ...december].join('\n')), 'JFK');
    expect(new Set(season.flights.map((f) => f.date))).toEqual(new Set(['2017-01-02', '2017-12-04']));
    expect(season.warnings.map((w) => w.message)).toContain(
      'the file covers 337 days (2017-01-02 to 2017-12-04), more than one IATA season: every day is counted',
    );
  });

  it('refuses a file with no departures at the airport, naming the airport', async () => {
    await expect(readSeason('day.csv', bytes(jfkSeasonCsv(1, 0)), 'XYZ', 'America/New_York')).rejects.toEqual(
      new SeasonFileError('airport', 'the file has no departures at XYZ'),
    );
  });
});
