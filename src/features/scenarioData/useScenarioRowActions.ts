// The create, update and delete handlers of an editable table over one scenario data set: each
// saves through the API and then replaces the row in the loaded lists, so every table showing
// those lists (and the references other tables offer) sees the saved row.
import { useCallback, useMemo } from 'react';
import { changedIn } from '../../live/lastChange';
import type { ScenarioLists } from './editors';
import { unlessChanged } from '../../api/errors';
import { createRow, deleteRow, RESOURCE_TABLES, updateRow, type DataRow, type ResourceKey } from './resourceClient';

export type ListsUpdate = (update: (current: ScenarioLists | undefined) => ScenarioLists | undefined) => void;

export function useScenarioRowActions(dataSet: ResourceKey, scenarioId: number, onLists: ListsUpdate) {
  const replace = useCallback(
    (update: (rows: DataRow[]) => DataRow[]) => onLists((all) => all && { ...all, [dataSet]: update(all[dataSet]) }),
    [dataSet, onLists],
  );
  const onCreate = useCallback(
    async (values: Record<string, unknown>) => {
      const saved = await createRow(dataSet, scenarioId, values);
      replace((list) => [...list, saved]);
    },
    [dataSet, scenarioId, replace],
  );
  const show = useCallback((saved: DataRow) => replace((list) => list.map((r) => (r.id === saved.id ? saved : r))), [replace]);
  // A refusal names who changed the row meanwhile, and when.
  const words = useMemo(() => changedIn(scenarioId, RESOURCE_TABLES[dataSet]), [scenarioId, dataSet]);
  const onUpdate = useCallback(
    async (row: DataRow, values: Record<string, unknown>) => show(await unlessChanged(updateRow(dataSet, row, values), show, words)),
    [dataSet, show, words],
  );
  const onDelete = useCallback(
    async (row: DataRow) => {
      await unlessChanged(deleteRow(dataSet, row), show, words);
      replace((list) => list.filter((r) => r.id !== row.id));
    },
    [dataSet, replace, show, words],
  );
  return { onCreate, onUpdate, onDelete, replace };
}
