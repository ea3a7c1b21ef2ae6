// The season overview's calls: the scenario's season files, a season's days, choosing the design
// day, and growing the day into a new scenario.
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { DesignDayRule, GroupPeaks, PeakHours, SeasonSummary } from '../../../workers/schedule/season';
import type { GrowthProvenance, ScenarioProvenance } from '../../../workers/schedule/provenance';

export type Season = SeasonSummary & { file_id: number; name: string; tphp: PeakHours['tphp'] };
export type DesignDayAnswer = { date: string; rule: string; n?: number; why: string; departures: number; imported: number };

export async function loadSeasonFiles(scenarioId: number) {
  const query = { params: { query: { scenario_id: scenarioId } } };
  const [files, scenario] = await Promise.all([
    unwrap(api.GET('/api/flight-schedule-file/', query)),
    unwrap(api.GET('/api/scenarios/{id}/', { params: { path: { id: scenarioId } } })),
  ]);
  return { seasons: files.filter((f) => f.is_season), scenario: { ...scenario, provenance: scenario.provenance as ScenarioProvenance } };
}

export async function loadSeason(fileId: number): Promise<Season> {
  return (await unwrap(api.GET('/api/flight-schedule-file/{id}/season/', { params: { path: { id: fileId } } }))) as unknown as Season;
}

export async function chooseDesignDay(
  scenarioId: number,
  choice: { file_id: number; rule: DesignDayRule | 'picked'; n?: number; date?: string },
): Promise<DesignDayAnswer> {
  return (await unwrap(api.POST('/api/scenarios/{id}/design-day/', { params: { path: { id: scenarioId } }, body: choice }))) as unknown as DesignDayAnswer;
}

export type GrowthAnswer = GrowthProvenance & { scenario_id: number };

export async function growDesignDay(
  scenarioId: number,
  body: {
    name: string;
    year: number | null;
    factor: number;
    airline_factors: Record<string, number>;
    sector_factors: Record<string, number>;
    seed: number;
    load_factor?: number;
    upgauge?: Record<string, string>;
  },
): Promise<GrowthAnswer> {
  return (await unwrap(api.POST('/api/scenarios/{id}/grow/', { params: { path: { id: scenarioId } }, body }))) as unknown as GrowthAnswer;
}

export type DesignDayPeaks = { design_date: string | null; time_zone: string; all: GroupPeaks; terminals: GroupPeaks[]; airlines: GroupPeaks[] };

export async function loadDesignDayPeaks(scenarioId: number): Promise<DesignDayPeaks> {
  return (await unwrap(api.GET('/api/scenarios/{id}/peak-hours/', { params: { path: { id: scenarioId } } }))) as unknown as DesignDayPeaks;
}
