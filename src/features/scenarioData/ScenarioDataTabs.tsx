// The scenario's data in tabs, one editable table each (airports to bag parameters), with the
// turn-up profile chart under its table and the buttons that load the default rule sets. All
// lists load together so a table's references offer the names of the other lists; a change by
// anyone reloads the lists it touched.
import { memo, useCallback, useMemo, useState } from 'react';
import { api } from '../../api/client';
import { ApiError, unwrap } from '../../api/errors';
import { EditableTable } from '../../components/EditableTable';
import { FormStatus } from '../../components/FormStatus';
import { LoadState } from '../../components/LoadState';
import { useLoader, type Loaded } from '../../components/useLoader';
import { EDITORS, type EditorSpec, type ScenarioLists } from './editors';
import { listRows, RESOURCE_PATHS, RESOURCE_TABLES, type DataRow, type ResourceKey } from './resourceClient';
import { useLiveReload } from '../../live/liveChanges';
import { useScenarioRowActions, type ListsUpdate } from './useScenarioRowActions';
import { TurnupChart } from './TurnupChart';
import { profileFromValues } from './turnupProfile';

const DEFAULT_RULE_CALLS: Partial<
  Record<ResourceKey, '/api/rules/flight-import/default/' | '/api/rules/segregation-rules/default/' | '/api/rules/bagsperallocation-rules/default/'>
> = {
  importRules: '/api/rules/flight-import/default/',
  segregationRules: '/api/rules/segregation-rules/default/',
  bagsRules: '/api/rules/bagsperallocation-rules/default/',
};

const KEYS = Object.keys(RESOURCE_PATHS) as ResourceKey[];

async function loadLists(scenarioId: number, keys = KEYS): Promise<ScenarioLists> {
  const lists = await Promise.all(keys.map((key) => listRows(key, scenarioId)));
  return Object.fromEntries(keys.map((key, i) => [key, lists[i]])) as ScenarioLists;
}

/** Every set the tabs show: a change to one by anyone reloads its list. */
const LIVE_SETS = Object.values(RESOURCE_TABLES);

/** Reloads the lists of the sets another planner changed; when that fails, all of them, whose failure the screen shows. */
function useChangedListsReload(scenarioId: number, lists: Loaded<ScenarioLists>) {
  const { reload, setData } = lists;
  return useCallback(
    async (changed: readonly string[]) => {
      const keys = KEYS.filter((key) => changed.includes(RESOURCE_TABLES[key]));
      try {
        const fresh = await loadLists(scenarioId, keys);
        setData((current) => current && { ...current, ...fresh });
      } catch {
        await reload();
      }
    },
    [scenarioId, reload, setData],
  );
}

export const ScenarioDataTabs = memo(function ScenarioDataTabs({ scenarioId, canWrite }: { scenarioId: number; canWrite: boolean }) {
  const lists = useLoader(() => loadLists(scenarioId), [scenarioId]);
  const [tab, setTab] = useState<ResourceKey>('airports');
  const editor = EDITORS.find((e) => e.key === tab) ?? EDITORS[0];
  // Another planner's change waits while a row has edits not saved, then shows.
  const [drafting, setDrafting] = useState(false);
  const othersWaiting = useLiveReload(LIVE_SETS, useChangedListsReload(scenarioId, lists), drafting);

  return (
    <section className="card" aria-labelledby="scenario-data-heading">
      <h2 id="scenario-data-heading" className="card__title">
        Scenario data
      </h2>
      <div className="tabs" role="tablist" aria-label="Scenario data">
        {EDITORS.map((e) => (
          <button
            key={e.key}
            type="button"
            role="tab"
            id={`tab-${e.key}`}
            aria-selected={e.key === tab}
            aria-controls="scenario-data-panel"
            className="tabs__tab"
            onClick={() => setTab(e.key)}
          >
            {e.title}
            {lists.data && <span className="tabs__count">{lists.data[e.key].length}</span>}
          </button>
        ))}
      </div>
      <p className="muted" role="status">
        {othersWaiting ? 'Changed by someone else: shown once you save or undo your edits' : ''}
      </p>
      <div role="tabpanel" id="scenario-data-panel" aria-labelledby={`tab-${tab}`} className="tabs__panel">
        <LoadState loading={lists.loading} error={lists.error} hasData={!!lists.data}>
          {lists.data && (
            <DataEditor
              key={`${scenarioId}-${tab}`}
              editor={editor}
              scenarioId={scenarioId}
              lists={lists.data}
              canWrite={canWrite}
              onLists={lists.setData}
              onDrafting={setDrafting}
            />
          )}
        </LoadState>
      </div>
    </section>
  );
});

type DataEditorProps = {
  editor: EditorSpec;
  scenarioId: number;
  lists: ScenarioLists;
  canWrite: boolean;
  onLists: ListsUpdate;
  onDrafting: (drafting: boolean) => void;
};

const DataEditor = memo(function DataEditor({ editor, scenarioId, lists, canWrite, onLists, onDrafting }: DataEditorProps) {
  const { key } = editor;
  const rows = lists[key];
  const columns = useMemo(() => editor.columns(lists), [editor, lists]);
  const [active, setActive] = useState<{ values: Record<string, unknown>; id: number | null } | null>(null);
  const [defaultsError, setDefaultsError] = useState<string | null>(null);

  const { onCreate, onUpdate, onDelete, replace } = useScenarioRowActions(key, scenarioId, onLists);
  const onActiveChange = useCallback((values: Record<string, unknown> | null, row: DataRow | null) => setActive(values && { values, id: row?.id ?? null }), []);

  const defaultsCall = DEFAULT_RULE_CALLS[key];
  async function loadDefaults() {
    if (!defaultsCall) return;
    setDefaultsError(null);
    try {
      const created = (await unwrap(api.POST(defaultsCall, { params: { query: { scenario_id: scenarioId } } }))) as DataRow[];
      replace((list) => [...list, ...created]);
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setDefaultsError(caught.message);
    }
  }

  const chartSource = key === 'turnupProfiles' ? (active?.values ?? rows[0]) : undefined;
  return (
    <>
      {defaultsCall && canWrite && (
        <div className="toolbar">
          <p className="muted toolbar__text">Rules apply in priority order, lowest first. Empty criteria match every flight.</p>
          <button type="button" className="button button--small" onClick={() => void loadDefaults()}>
            Load default {editor.title.toLowerCase()}
          </button>
        </div>
      )}
      <FormStatus error={defaultsError} />
      <EditableTable
        label={editor.title}
        columns={columns}
        rows={rows}
        rowName={editor.rowName}
        addLabel={canWrite ? `Add ${editor.noun}` : undefined}
        newRow={editor.newRow(lists)}
        onCreate={canWrite ? onCreate : undefined}
        onUpdate={canWrite ? onUpdate : undefined}
        onDelete={canWrite ? onDelete : undefined}
        validate={editor.validate}
        onActiveChange={key === 'turnupProfiles' ? onActiveChange : undefined}
        onDrafting={onDrafting}
        activeId={active?.id ?? null}
        emptyText={`No ${editor.title.toLowerCase()} yet.`}
      />
      {chartSource && <TurnupChart name={String(chartSource.name ?? '')} {...profileFromValues(chartSource)} />}
    </>
  );
});
