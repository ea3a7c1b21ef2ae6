// What the planner sets before a run: the document's settings (common/scenario/documentSettings.ts:
// replications, seed, level-of-service targets, playback, space bands) and the charts' time range,
// which only the screen uses; the processes' labels as the screen shows them.
import { DEFAULT_DOCUMENT_SETTINGS, type DocumentSettings, type Process } from '../../../../common/scenario/documentSettings';

export const PROCESS_LABELS: Record<Process, string> = {
  economy: 'Check-in (economy)',
  business: 'Check-in (business)',
  bagdrop: 'Bag drop',
  kiosk: 'Kiosk',
  security: 'Security',
};

export type SimulationSettings = DocumentSettings & {
  /** The charts' window in minutes of the design day; null: the whole run. */
  timeRange: { from: number; to: number } | null;
};

export const DEFAULT_SETTINGS: SimulationSettings = { ...DEFAULT_DOCUMENT_SETTINGS, timeRange: null };

/** The charts' default window: whole hours from four hours before the first STD to the last. */
export function defaultTimeRange(stdMinutes: readonly number[]): { from: number; to: number } {
  if (stdMinutes.length === 0) return { from: 0, to: 1440 };
  return { from: Math.floor((Math.min(...stdMinutes) - 240) / 60) * 60, to: Math.ceil(Math.max(...stdMinutes) / 60) * 60 };
}
