// The lines every table export of a scenario carries: where its design day came from and how it
// was grown (provenanceWords), read when the planner exports, so a file made after a new design
// day or growth says so.
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { ScenarioProvenance } from '../../../workers/schedule/provenance';
import { provenanceWords } from './model/provenanceWords';
import { downloadCsv, downloadXlsx } from '../simulation/tableExport';
import type { Table } from '../simulation/model/tables';

async function scenarioExportNotes(scenarioId: number): Promise<string[]> {
  const scenario = await unwrap(api.GET('/api/scenarios/{id}/', { params: { path: { id: scenarioId } } }));
  return provenanceWords(scenario.provenance as ScenarioProvenance);
}

/** Downloads `table` as CSV or XLSX with the scenario's provenance below it (nothing more without a scenario). */
export async function downloadScenarioTable(scenarioId: number | null, table: Table, prefix: string, format: 'csv' | 'xlsx'): Promise<void> {
  const notes = scenarioId === null ? [] : await scenarioExportNotes(scenarioId);
  return format === 'csv' ? downloadCsv(table, prefix, notes) : downloadXlsx(table, prefix, notes);
}
