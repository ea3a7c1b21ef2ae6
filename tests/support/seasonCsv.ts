// A season built from JFK's real design-day file: the real 2 January 2017 (292 departures) on the
// first day, and each later day keeps the first 292 - step x k rows of it, so the days are ranked
// in date order and every count is known.
import { readSharedText } from './sharedData';

export function jfkSeasonCsv(days: number, step: number): string {
  const [header, ...rows] = readSharedText('schedules', 'jfk_2017-01-02_departures.csv').trim().split('\n');
  const season = [header];
  for (let k = 0; k < days; k++) {
    const date = new Date(Date.UTC(2017, 0, 2 + k));
    const ymd = `${date.getUTCFullYear()},${date.getUTCMonth() + 1},${date.getUTCDate()},`;
    for (const row of rows.slice(0, rows.length - step * k)) season.push(row.replace(/^2017,1,2,/, ymd));
  }
  return `${season.join('\n')}\n`;
}
