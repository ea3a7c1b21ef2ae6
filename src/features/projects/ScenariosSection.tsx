// A project's scenarios: create (with a design date), rename, clone, delete, and select one to
// work on. Selecting remembers project and scenario names for the title bar; renaming or deleting
// the selected scenario updates or clears that selection.
import { memo, useCallback, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { components } from '../../../openapi/schema';
import { api } from '../../api/client';
import { ifMatch, unlessChanged, unwrap } from '../../api/errors';
import type { ColumnSpec } from '../../components/cellCodecs';
import { EditableTable } from '../../components/EditableTable';
import { CloneDialog } from './CloneDialog';
import type { Loaded } from '../../components/useLoader';
import { selectedScenarioAtom, selectScenarioAtom } from './scenarioSelection';

type Project = components['schemas']['Project'];
type Scenario = components['schemas']['Scenario'];
type ScenarioBody = { name: string; description?: string; design_date?: string | null; counter_share?: number; project_id: number };

const COLUMNS: ColumnSpec[] = [
  { key: 'name', label: 'Scenario', kind: 'text', width: '30%' },
  { key: 'design_date', label: 'Design date', kind: 'date', optional: true, width: '11rem' },
  {
    key: 'counter_share',
    label: 'Passengers at counters (%)',
    kind: 'integer',
    width: '8rem',
    help: "Share of each departure's passengers who check in at a staffed counter (full service or bag drop). The rest check in online or at a kiosk without hold baggage and go straight to security.",
  },
  { key: 'description', label: 'Description', kind: 'text' },
];

type ScenariosSectionProps = { project: Project; scenarios: Loaded<Scenario[]> };

export const ScenariosSection = memo(function ScenariosSection({ project, scenarios }: ScenariosSectionProps) {
  const selected = useAtomValue(selectedScenarioAtom);
  const selectScenario = useSetAtom(selectScenarioAtom);
  const [cloning, setCloning] = useState<Scenario | null>(null);
  const canWrite = project.role !== 'viewer';
  const { reload, setData } = scenarios;

  const select = useCallback(
    (scenario: Scenario) => selectScenario({ projectId: project.id, projectName: project.name, scenarioId: scenario.id, scenarioName: scenario.name }),
    [project.id, project.name, selectScenario],
  );

  const onCreate = useCallback(
    async (values: Record<string, unknown>) => {
      const created = await unwrap(api.POST('/api/scenarios/', { body: { ...values, project_id: project.id } as ScenarioBody }));
      setData((all) => [...(all ?? []), created]);
      if (!selected || selected.projectId !== project.id) select(created);
    },
    [project.id, select, selected, setData],
  );
  const show = useCallback(
    (saved: Scenario) => {
      setData((all) => all?.map((s) => (s.id === saved.id ? saved : s)));
      if (selected?.scenarioId === saved.id) select(saved);
    },
    [select, selected, setData],
  );
  const onUpdate = useCallback(
    async (scenario: Scenario, values: Record<string, unknown>) => {
      const params = { path: { id: scenario.id }, header: ifMatch(scenario) };
      show(await unlessChanged(unwrap(api.PATCH('/api/scenarios/{id}/', { params, body: values as Partial<ScenarioBody> })), show));
    },
    [show],
  );
  const onDelete = useCallback(
    async (scenario: Scenario) => {
      await unlessChanged(unwrap(api.DELETE('/api/scenarios/{id}/', { params: { path: { id: scenario.id }, header: ifMatch(scenario) } })), show);
      setData((all) => all?.filter((s) => s.id !== scenario.id));
      if (selected?.scenarioId === scenario.id) selectScenario(null);
    },
    [selectScenario, selected, setData, show],
  );

  const actions = useCallback(
    (scenario: Scenario) => (
      <>
        {selected?.scenarioId === scenario.id ? (
          <span className="badge badge--selected">Selected</span>
        ) : (
          <button type="button" className="button button--small button--primary" aria-label={`Select ${scenario.name}`} onClick={() => select(scenario)}>
            Select
          </button>
        )}
        {canWrite && (
          <button type="button" className="button button--small button--text" aria-label={`Clone ${scenario.name}`} onClick={() => setCloning(scenario)}>
            Clone
          </button>
        )}
      </>
    ),
    [canWrite, select, selected?.scenarioId],
  );

  return (
    <section className="card" aria-labelledby="scenarios-heading">
      <h2 id="scenarios-heading" className="card__title">
        Scenarios
      </h2>
      <EditableTable
        label="Scenarios"
        columns={COLUMNS}
        rows={scenarios.data ?? []}
        rowName={(s) => s.name}
        addLabel={canWrite ? 'New scenario' : undefined}
        newRow={{ name: '', description: '', design_date: new Date().toISOString().slice(0, 10), counter_share: 100 }}
        onCreate={canWrite ? onCreate : undefined}
        onUpdate={canWrite ? onUpdate : undefined}
        onDelete={project.role === 'owner' ? onDelete : undefined}
        rowActions={actions}
        activeId={selected?.scenarioId ?? null}
        emptyText="No scenarios yet: add one with its design date."
      />
      {cloning && (
        <CloneDialog
          name={cloning.name}
          clone={(name) => unwrap(api.POST('/api/scenarios/{id}/clone/', { params: { path: { id: cloning.id } }, body: { name } }))}
          reload={reload}
          onClose={() => setCloning(null)}
        />
      )}
    </section>
  );
});
