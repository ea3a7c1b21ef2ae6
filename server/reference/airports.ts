// What the shipped reference data knows of an airport: the US airports of the FAA list (the demo
// seed's us_airports.csv, also the season reader's time zones) with their position and zone. No
// other country's airports are listed, so a country is known for US airports only; callers say
// so rather than guess.
import { readFileSync } from 'node:fs';
import { splitCsv } from '../import/csv';
import { serverFile } from '../serverFiles';

export type KnownAirport = { country: string; lat: number; lon: number; time_zone: string };

let usAirports: Map<string, KnownAirport> | undefined;

/** An airport by its IATA code (the FAA code of an airport with airline service), if listed. */
export function knownAirport(code: string): KnownAirport | undefined {
  // Columns: faa, name, lat, lon, alt, tz, dst, tzone.
  usAirports ??= new Map(
    splitCsv(readFileSync(serverFile('seed/data/us_airports.csv'), 'utf8'))
      .rows.slice(1)
      .map((r) => [r.cells[0], { country: 'US', lat: Number(r.cells[2]), lon: Number(r.cells[3]), time_zone: r.cells[7] }] as const),
  );
  return usAirports.get(code);
}

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance between two listed airports in km; undefined when either is unknown. */
export function distanceKm(from: string, to: string): number | undefined {
  const a = knownAirport(from);
  const b = knownAirport(to);
  if (!a || !b) return undefined;
  const h = Math.sin(radians(b.lat - a.lat) / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lon - a.lon) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}
