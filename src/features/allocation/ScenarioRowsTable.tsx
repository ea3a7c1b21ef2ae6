// One scenario data set (make-up resources, segregation rules, bag parameters) in the generic
// editable table, described by the scenario data editors so the columns and rules are the same
// as on the project configuration screen; `keep` narrows the rows (make-up resources only).
import { memo, useMemo } from 'react';
import { EditableTable } from '../../components/EditableTable';
import type { ColumnSpec } from '../../components/cellCodecs';
import { EDITORS, type ScenarioLists } from '../scenarioData/editors';
import type { DataRow, ResourceKey } from '../scenarioData/resourceClient';
import { useScenarioRowActions, type ListsUpdate } from '../scenarioData/useScenarioRowActions';

type ScenarioRowsTableProps = {
  dataSet: ResourceKey;
  scenarioId: number;
  lists: ScenarioLists;
  canWrite: boolean;
  onLists: ListsUpdate;
  keep?: (row: DataRow) => boolean;
  /** Column keys left out (service times do not apply to make-up). */
  omit?: readonly string[];
  /** Reference options narrowed for this screen (only make-up zones). */
  narrowLists?: (lists: ScenarioLists) => ScenarioLists;
  newRow?: Record<string, unknown>;
};

export const ScenarioRowsTable = memo(function ScenarioRowsTable({
  dataSet,
  scenarioId,
  lists,
  canWrite,
  onLists,
  keep,
  omit = [],
  narrowLists,
  newRow,
}: ScenarioRowsTableProps) {
  const editor = EDITORS.find((e) => e.key === dataSet)!;
  const columns = useMemo<ColumnSpec[]>(
    () => editor.columns(narrowLists ? narrowLists(lists) : lists).filter((c) => !omit.includes(c.key)),
    [editor, lists, narrowLists, omit],
  );
  const rows = keep ? lists[dataSet].filter(keep) : lists[dataSet];
  const { onCreate, onUpdate, onDelete } = useScenarioRowActions(dataSet, scenarioId, onLists);
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
