// What the airport document is built with besides the scenario's data: replications, seed,
// level-of-service targets per process, whether to keep the playback, the space bands; and the
// processes a queue of the document belongs to. The targets default to the upper ends of the IATA
// optimum band of DESIGN.md section 5; the space bands to IATA ADRM 10th edition's optimum ranges.
// The browser's Simulation screen, the server's airport document and the benchmarks share these,
// so the same defaults give the same document everywhere.
import { DEFAULT_SPACE } from '../../workers/sim/airportSchema';

export const PROCESSES = ['economy', 'business', 'bagdrop', 'kiosk', 'security'] as const;
export type Process = (typeof PROCESSES)[number];

/** DESIGN.md section 5: economy 10-20, business 3-5, bag drop 1-5, kiosk 1-2, security 5-10 minutes. */
export const DEFAULT_LOS_TARGETS: Record<Process, number> = { economy: 20, business: 5, bagdrop: 5, kiosk: 2, security: 10 };

export const SECTORS = ['domestic', 'schengen', 'international'] as const;
type Sector = (typeof SECTORS)[number];
type SpaceSettings = { checkin: [number, number]; security: [number, number]; trolley: Record<Sector, number> };

export type DocumentSettings = {
  replications: number;
  seed: number;
  losTargets: Record<Process, number>;
  /** Keep the minute-by-minute state the Playback tab shows. */
  playback: boolean;
  /** Space level of service: optimum m² per passenger and trolley factors by sector (the document's settings.space). */
  space: SpaceSettings;
};

const DEFAULT_SPACE_SETTINGS: SpaceSettings = {
  checkin: DEFAULT_SPACE.checkin_optimum_m2,
  security: DEFAULT_SPACE.security_optimum_m2,
  trolley: {
    domestic: DEFAULT_SPACE.trolley_factors.domestic,
    schengen: DEFAULT_SPACE.trolley_factors.schengen,
    international: DEFAULT_SPACE.trolley_factors.international,
  },
};

export const DEFAULT_DOCUMENT_SETTINGS: DocumentSettings = {
  replications: 5,
  seed: 1,
  losTargets: DEFAULT_LOS_TARGETS,
  playback: true,
  space: DEFAULT_SPACE_SETTINGS,
};

/** Segregation names planners use for business and first class. */
export function isBusinessSegregation(name: string): boolean {
  return /^(J|C|F|D|Z|BUS.*|BIZ|FIRST|PREMIUM.*)$/i.test(name.trim());
}
