// Looks up airline names and aircraft types in the reference tables shipped with the server
// (data/SOURCES.md), read once on first use.
import { readFileSync } from 'node:fs';
import { splitCsv } from '../import/csv';
import { TYPICAL_SEATS } from './typicalSeats';
import { serverFile } from '../serverFiles';

const dataFile = (name: string) => readFileSync(serverFile(`reference/data/${name}`), 'utf8');

function table(name: string): Array<Record<string, string>> {
  const [header, ...rows] = splitCsv(dataFile(name)).rows.map((r) => r.cells);
  return rows.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
}

let airlineNames: Map<string, string> | undefined;
export function airlineName(code: string): string | undefined {
  if (!airlineNames) {
    airlineNames = new Map();
    // Codes are reused over time; an active carrier wins over a defunct one.
    for (const row of table('airlines.csv').sort((a, b) => (a.active === 'Y' ? 1 : 0) - (b.active === 'Y' ? 1 : 0))) {
      if (row.iata.length === 2) airlineNames.set(row.iata, row.name);
    }
  }
  return airlineNames.get(code);
}

export type AircraftType = { iata: string; icao: string; name: string; body: 'narrow' | 'wide'; seats: number; container_type: string };

/** The A320 family loads AKH containers, wide bodies AKE; other narrow bodies load bulk. */
const AKH_TYPES = new Set(['318', '319', '320', '321', '31N', '32N', '32Q']);
const containerTypeOf = (iata: string, body: 'narrow' | 'wide') => (body === 'wide' ? 'AKE' : AKH_TYPES.has(iata) ? 'AKH' : 'bulk');

let aircraftTypes: Map<string, AircraftType> | undefined;
export function aircraftType(iata: string): AircraftType | undefined {
  if (!aircraftTypes) {
    aircraftTypes = new Map();
    for (const row of table('aircraft_types.csv')) {
      if (!row.iata || aircraftTypes.has(row.iata)) continue;
      const body = row.body_type === 'wide' ? 'wide' : 'narrow';
      aircraftTypes.set(row.iata, {
        iata: row.iata,
        icao: row.icao,
        name: row.name,
        body,
        seats: TYPICAL_SEATS[row.iata] ?? 0,
        container_type: containerTypeOf(row.iata, body),
      });
    }
  }
  return aircraftTypes.get(iata);
}

/**
 * The seats to plan with: a schedule's figure when it is plausible for the aircraft type (within
 * 40% of the type's typical layout), else the type's typical seats. Registry joins in public data
 * sometimes point at a re-registered light aircraft; a figure like that is discarded.
 */
export function plausibleSeats(given: number | null, iataType: string): number | null {
  const typical = iataType ? aircraftType(iataType)?.seats : undefined;
  if (!typical) return given;
  return given && given >= typical * 0.6 && given <= typical * 1.4 ? given : typical;
}

export type AirlineColours = { code: string; name: string; primary: string; secondary: string; tertiary: string };

let colours: AirlineColours[] | undefined;
export function airlineColours(): AirlineColours[] {
  colours ??= table('airline_colours.csv').map((r) => ({
    code: r.code,
    name: r.name,
    primary: r.primary,
    secondary: r.secondary,
    tertiary: r.tertiary,
  }));
  return colours;
}
