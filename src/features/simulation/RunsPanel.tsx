// Saved runs of the scenario: save the shown run under a name, open or delete a saved one, and
// pick a run of any scenario of the project to compare with the shown run.
import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { FormStatus } from '../../components/FormStatus';
import { LoadState } from '../../components/LoadState';
import { ComparePicker } from '../../components/ComparePicker';
import { SavedList, savedWhen } from '../../components/SavedList';
import { useLoader } from '../../components/useLoader';
import { usePanelAction } from '../../components/usePanelAction';
import { unlessChanged } from '../../api/errors';
import { showRunAtom, type ShownRun } from './atoms';
import { deleteSavedRun, listProjectScenarios, listSavedRuns, openSavedRun, saveRun } from './savedRuns';

type RunsPanelProps = {
  scenarioId: number;
  projectId: number;
  scenarioName: string;
  shown: ShownRun | null;
  onCompare: (run: ShownRun, label: string) => void;
};

export function RunsPanel({ scenarioId, projectId, scenarioName, shown, onCompare }: RunsPanelProps) {
  const showRun = useSetAtom(showRunAtom);
  const runs = useLoader(() => listSavedRuns(scenarioId), [scenarioId]);
  const others = useLoader(async () => {
    const scenarios = await listProjectScenarios(projectId);
    const lists = await Promise.all(scenarios.map(async (s) => ({ scenario: s, runs: await listSavedRuns(s.id) })));
    return lists.filter((l) => l.runs.length > 0);
  }, [projectId, runs.data]);
  const [name, setName] = useState('');
  const { busy, error, act } = usePanelAction();

  const save = () =>
    act(async () => {
      if (!shown) return;
      const saved = await saveRun(shown, name.trim() || `Run of ${savedWhen(new Date().toISOString())}`);
      showRun({ ...shown, saved });
      setName('');
      await runs.reload();
    });

  return (
    <section className="card sim-runs" aria-label="Saved runs">
      <h2 className="card__title">Saved runs of {scenarioName}</h2>
      {shown && !shown.saved && shown.scenarioId === scenarioId && (
        <div className="sim-runs__save">
          <label className="sim-field sim-field--wide">
            <span>Run name</span>
            <input value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Base case, 2 replications" />
          </label>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void save()}>
            Save run
          </button>
        </div>
      )}
      {shown?.saved && <p className="muted">Showing the saved run “{shown.saved.name}”.</p>}
      <LoadState loading={runs.loading} error={runs.error} hasData={!!runs.data}>
        {runs.data?.length === 0 ? (
          <p className="muted">No saved runs yet: run the simulation, then save it here.</p>
        ) : (
          <SavedList
            noun="run"
            busy={busy}
            items={runs.data ?? []}
            onOpen={(id) => void act(async () => showRun(await openSavedRun(id)))}
            onDelete={(id) =>
              void act(async () => {
                // A run someone else changed meanwhile is shown as it is now, and kept.
                await unlessChanged(deleteSavedRun(runs.data!.find((r) => r.id === id)!), () => void runs.reload());
                await runs.reload();
              })
            }
          />
        )}
      </LoadState>
      {shown && (
        <ComparePicker
          noun="run"
          placeholder="Choose a saved run…"
          groups={(others.data ?? []).map((o) => ({ id: o.scenario.id, name: o.scenario.name, items: o.runs.filter((r) => r.id !== shown.saved?.id) }))}
          busy={busy}
          onCompare={(run, scenarioName) => void act(async () => onCompare(await openSavedRun(run.id), `${scenarioName}: ${run.name}`))}
        />
      )}
      <FormStatus error={error} />
    </section>
  );
}
