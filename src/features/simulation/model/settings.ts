// What the planner sets before a run (replications, seed, level-of-service targets per process,
// the charts' time range, whether to keep the playback, the space bands) and the processes a queue
// of the airport document belongs to. The targets default to the upper ends of the IATA optimum
// band of DESIGN.md section 5; the space bands to IATA ADRM 10th edition's optimum ranges.
import { DEFAULT_SPACE } from '../../../../workers/sim/space';

export const PROCESSES = ['economy', 'business', 'bagdrop', 'kiosk', 'security'] as const;
export type Process = (typeof PROCESSES)[number];

export const PROCESS_LABELS: Record<Process, string> = {
  economy: 'Check-in (economy)',
  business: 'Check-in (business)',
  bagdrop: 'Bag drop',
  kiosk: 'Kiosk',
  security: 'Security',
};

/** DESIGN.md section 5: economy 10-20, business 3-5, bag drop 1-5, kiosk 1-2, security 5-10 minutes. */
export const DEFAULT_LOS_TARGETS: Record<Process, number> = { economy: 20, business: 5, bagdrop: 5, kiosk: 2, security: 10 };

export type SimulationSettings = {
  replications: number;
  seed: number;
  losTargets: Record<Process, number>;
  /** The charts' window in minutes of the design day; null: the whole run. */
  timeRange: { from: number; to: number } | null;
  /** Keep the minute-by-minute state the Playback tab shows. */
  playback: boolean;
  /** Space level of service: optimum m² per passenger and trolley factors by sector (the document's settings.space). */
  space: SpaceSettings;
};

export const SECTORS = ['domestic', 'schengen', 'international'] as const;
export type Sector = (typeof SECTORS)[number];
export type SpaceSettings = { checkin: [number, number]; security: [number, number]; trolley: Record<Sector, number> };

const DEFAULT_SPACE_SETTINGS: SpaceSettings = {
  checkin: DEFAULT_SPACE.checkin_optimum_m2,
  security: DEFAULT_SPACE.security_optimum_m2,
  trolley: { domestic: DEFAULT_SPACE.trolley_factors.domestic, schengen: DEFAULT_SPACE.trolley_factors.schengen, international: DEFAULT_SPACE.trolley_factors.international },
};

export const DEFAULT_SETTINGS: SimulationSettings = {
  replications: 5,
  seed: 1,
  losTargets: DEFAULT_LOS_TARGETS,
  timeRange: null,
  playback: true,
  space: DEFAULT_SPACE_SETTINGS,
};

/** Segregation names planners use for business and first class. */
export function isBusinessSegregation(name: string): boolean {
  return /^(J|C|F|D|Z|BUS.*|BIZ|FIRST|PREMIUM.*)$/i.test(name.trim());
}

/** The charts' default window: whole hours from four hours before the first STD to the last. */
export function defaultTimeRange(stdMinutes: readonly number[]): { from: number; to: number } {
  if (stdMinutes.length === 0) return { from: 0, to: 1440 };
  return { from: Math.floor((Math.min(...stdMinutes) - 240) / 60) * 60, to: Math.ceil(Math.max(...stdMinutes) / 60) * 60 };
}
