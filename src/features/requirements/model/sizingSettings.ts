// What the planner sets for a sizing besides the level-of-service targets of the simulation
// screen: the share of passengers within target and the planning period, checked with messages
// that say what to type, and the sizing document the engine and the server job take.
import type { AirportInput } from '../../../../common/scenario/documentInput';
import { DEFAULT_SIZING, withSizing, type SizingDocument } from '../../../../common/scenario/sizingDocument';

export type { SizingDocument };

export type SizingSettings = {
  /** Percent of a period's passengers who must wait at most the target. */
  sharePercent: number;
  periodMinutes: number;
};

export const DEFAULT_SIZING_SETTINGS: SizingSettings = {
  sharePercent: Math.round(DEFAULT_SIZING.share * 1000) / 10,
  periodMinutes: DEFAULT_SIZING.period_minutes,
};

/** Planning periods a design day divides into evenly. */
export const PERIOD_CHOICES = [15, 20, 30, 60] as const;

export type SizingFieldErrors = Partial<Record<keyof SizingSettings, string>>;

export function validateSizingSettings(settings: SizingSettings): SizingFieldErrors {
  const errors: SizingFieldErrors = {};
  const share = settings.sharePercent;
  if (!Number.isFinite(share) || share < 50 || share > 99.9) {
    errors.sharePercent = 'Share within target: a percentage from 50 to 99.9 (a sizing for 100 % would open every position).';
  }
  if (!(PERIOD_CHOICES as readonly number[]).includes(settings.periodMinutes)) {
    errors.periodMinutes = `Planning period: ${PERIOD_CHOICES.join(', ')} minutes.`;
  }
  return errors;
}

/** A level-of-service target's message, or undefined when it is fine. */
export function targetError(minutes: number): string | undefined {
  return Number.isFinite(minutes) && minutes > 0 && minutes <= 240 ? undefined : 'A target in minutes, more than 0 and at most 240.';
}

/** The airport document with the planner's sizing settings (the engine reads each queue's LoS target from it). */
export function sizingDocument(document: AirportInput, settings: SizingSettings): SizingDocument {
  return withSizing(document, { share: settings.sharePercent / 100, period_minutes: settings.periodMinutes });
}
