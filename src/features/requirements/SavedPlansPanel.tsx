// The scenario's saved plans (name, date, position-hours, which is applied): open or delete one,
// and pick a plan of another scenario of the project to compare with the shown plan.
import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { LoadState } from '../../components/LoadState';
import { useLoader } from '../../components/useLoader';
import { listProjectScenarios } from '../simulation/savedRuns';
import { showPlanAtom, shownFromSaved, type ShownPlan } from './atoms';
import { deletePlan, listPlans, openPlan, type SavedPlan } from './sizingApi';

type SavedPlansPanelProps = {
  scenarioId: number;
  projectId: number;
  scenarioName: string;
  shown: ShownPlan | null;
  /** Changes whenever a plan was saved or applied elsewhere on the screen. */
  version: number;
  onCompare: (other: SavedPlan, label: string) => void;
};

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function SavedPlansPanel({ scenarioId, projectId, scenarioName, shown, version, onCompare }: SavedPlansPanelProps) {
  const showPlan = useSetAtom(showPlanAtom);
  const plans = useLoader(() => listPlans(scenarioId), [scenarioId, version]);
  const others = useLoader(async () => {
    const scenarios = (await listProjectScenarios(projectId)).filter((s) => s.id !== scenarioId);
    const lists = await Promise.all(scenarios.map(async (s) => ({ scenario: s, plans: await listPlans(s.id) })));
    return lists.filter((l) => l.plans.length > 0);
  }, [projectId, scenarioId]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [compareWith, setCompareWith] = useState('');

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };
  const compare = () =>
    act(async () => {
      const id = Number(compareWith);
      const scenario = others.data?.find((o) => o.plans.some((p) => p.id === id));
      const plan = scenario?.plans.find((p) => p.id === id);
      if (scenario && plan) onCompare(await openPlan(id), `${scenario.scenario.name}: ${plan.name}`);
    });

  return (
    <section className="card sim-runs" aria-label="Saved plans">
      <h2 className="card__title">Saved plans of {scenarioName}</h2>
      <LoadState loading={plans.loading} error={plans.error} hasData={!!plans.data}>
        {plans.data?.length === 0 ? (
          <p className="muted">No saved plans yet: size to target, and the plan is kept here.</p>
        ) : (
          <ul className="sim-runs__list">
            {plans.data?.map((p) => (
              <li key={p.id}>
                <span className="sim-runs__name">{p.name}</span>
                {p.applied && <span className="badge badge--succeeded">Applied</span>}
                <span className="muted">{when(p.createdAt)}</span>
                <span className="muted">{p.positionHours.toLocaleString('en-US')} position-hours</span>
                <button type="button" className="button button--small" disabled={busy} onClick={() => void act(async () => showPlan(shownFromSaved(await openPlan(p.id))))} aria-label={`Open ${p.name}`}>
                  Open
                </button>
                <button
                  type="button"
                  className="button button--small button--danger-text"
                  disabled={busy}
                  onClick={() => void act(async () => {
                    await deletePlan(p.id);
                    await plans.reload();
                  })}
                  aria-label={`Delete ${p.name}`}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
      {shown && (
        <div className="sim-runs__compare">
          <label className="sim-field sim-field--wide">
            <span>Compare the shown plan with</span>
            <select value={compareWith} onChange={(e) => setCompareWith(e.target.value)}>
              <option value="">{others.data?.length === 0 ? 'No other scenario of the project has a plan' : 'Choose a plan of another scenario…'}</option>
              {others.data?.map((o) => (
                <optgroup key={o.scenario.id} label={o.scenario.name}>
                  {o.plans.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name} ({when(p.createdAt)})
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
          <button type="button" className="button" disabled={busy || !compareWith} onClick={() => void compare()}>
            Compare
          </button>
        </div>
      )}
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
