// One scenario data set (make-up resources, segregation rules, bag parameters) in the generic
// editable table, described by the scenario data editors so the columns and rules are the same
// as on the project configuration screen; `keep` narrows the rows (make-up resources only).
import { memo, useCallback, useMemo } from 'react';
import { EditableTable } from '../../components/EditableTable';
import type { ColumnSpec } from '../../components/cellCodecs';
import { EDITORS, type ScenarioLists } from '../scenarioData/editors';
import { createRow, deleteRow, updateRow, type DataRow, type ResourceKey } from '../scenarioData/resourceClient';

type ScenarioRowsTableProps = {
  dataSet: ResourceKey;
  scenarioId: number;
  lists: ScenarioLists;
  canWrite: boolean;
  onLists: (update: (current: ScenarioLists | undefined) => ScenarioLists | undefined) => void;
  keep?: (row: DataRow) => boolean;
  /** Column keys left out (service times do not apply to make-up). */
  omit?: readonly string[];
  /** Reference options narrowed for this screen (only make-up zones). */
  narrowLists?: (lists: ScenarioLists) => ScenarioLists;
  newRow?: Record<string, unknown>;
};

export const ScenarioRowsTable = memo(function ScenarioRowsTable({ dataSet, scenarioId, lists, canWrite, onLists, keep, omit = [], narrowLists, newRow }: ScenarioRowsTableProps) {
  const editor = EDITORS.find((e) => e.key === dataSet)!;
  const columns = useMemo<ColumnSpec[]>(() => editor.columns(narrowLists ? narrowLists(lists) : lists).filter((c) => !omit.includes(c.key)), [editor, lists, narrowLists, omit]);
  const rows = keep ? lists[dataSet].filter(keep) : lists[dataSet];
  const replace = useCallback((update: (rows: DataRow[]) => DataRow[]) => onLists((all) => all && { ...all, [dataSet]: update(all[dataSet]) }), [dataSet, onLists]);
  const onCreate = useCallback(
    async (values: Record<string, unknown>) => {
      const saved = await createRow(dataSet, scenarioId, values);
      replace((list) => [...list, saved]);
    },
    [dataSet, scenarioId, replace],
  );
  const onUpdate = useCallback(
    async (row: DataRow, values: Record<string, unknown>) => {
      const saved = await updateRow(dataSet, row.id, values);
      replace((list) => list.map((r) => (r.id === saved.id ? saved : r)));
    },
    [dataSet, replace],
  );
  const onDelete = useCallback(
    async (row: DataRow) => {
      await deleteRow(dataSet, row.id);
      replace((list) => list.filter((r) => r.id !== row.id));
    },
    [dataSet, replace],
  );
  return (
    <EditableTable
      label={editor.title}
      columns={columns}
      rows={rows}
      rowName={editor.rowName}
      addLabel={canWrite ? `Add ${editor.noun}` : undefined}
      newRow={newRow ?? editor.newRow(lists)}
      onCreate={canWrite ? onCreate : undefined}
      onUpdate={canWrite ? onUpdate : undefined}
      onDelete={canWrite ? onDelete : undefined}
      validate={editor.validate}
      emptyText={`No ${editor.title.toLowerCase()} yet.`}
    />
  );
});
