// The airport document with its sizing section (docs/simulation.md, "Sizing"): the share of each
// period's passengers who must wait within target, and the planning period. The Requirements
// screen, the server's sizing job and the benchmark size the same document this way.
import type { AirportInput } from './documentInput';

export type Sizing = { share: number; period_minutes: number };

export type SizingDocument = AirportInput & { sizing: Sizing };

/** The Requirements screen's defaults: 95 % within target per 30-minute period. */
export const DEFAULT_SIZING: Sizing = { share: 0.95, period_minutes: 30 };

export function withSizing(document: AirportInput, { share, period_minutes }: Sizing): SizingDocument {
  return { ...document, sizing: { share, period_minutes } };
}
