// The create, update and delete handlers of an editable table over one scenario data set: each
// saves through the API and then replaces the row in the loaded lists, so every table showing
// those lists (and the references other tables offer) sees the saved row.
import { useCallback } from 'react';
import type { ScenarioLists } from './editors';
import { ApiError } from '../../api/errors';
import { createRow, deleteRow, updateRow, type DataRow, type ResourceKey } from './resourceClient';

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
  /** A write refused because someone changed the row meanwhile shows their row, then the refusal (CHANGED_MEANWHILE). */
  const showingTheirs = useCallback(
    async (write: Promise<unknown>) => {
      try {
        await write;
      } catch (error) {
        if (error instanceof ApiError && error.current) show(error.current as DataRow);
        throw error;
      }
    },
    [show],
  );
  const onUpdate = useCallback(
    async (row: DataRow, values: Record<string, unknown>) => showingTheirs(updateRow(dataSet, row, values).then(show)),
    [dataSet, show, showingTheirs],
  );
  const onDelete = useCallback(
    async (row: DataRow) => {
      await showingTheirs(deleteRow(dataSet, row));
      replace((list) => list.filter((r) => r.id !== row.id));
    },
    [dataSet, replace, showingTheirs],
  );
  return { onCreate, onUpdate, onDelete, replace };
}
