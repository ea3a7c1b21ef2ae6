// The scenario's saved plans (name, date, position-hours, which is applied): open or delete one,
// and pick a plan of another scenario of the project to compare with the shown plan.
import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { FormStatus } from '../../components/FormStatus';
import { LoadState } from '../../components/LoadState';
import { SavedList, savedWhen } from '../../components/SavedList';
import { useLoader } from '../../components/useLoader';
import { usePanelAction } from '../../components/usePanelAction';
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

export function SavedPlansPanel({ scenarioId, projectId, scenarioName, shown, version, onCompare }: SavedPlansPanelProps) {
  const showPlan = useSetAtom(showPlanAtom);
  const plans = useLoader(() => listPlans(scenarioId), [scenarioId, version]);
  const others = useLoader(async () => {
    const scenarios = (await listProjectScenarios(projectId)).filter((s) => s.id !== scenarioId);
    const lists = await Promise.all(scenarios.map(async (s) => ({ scenario: s, plans: await listPlans(s.id) })));
    return lists.filter((l) => l.plans.length > 0);
  }, [projectId, scenarioId]);
  const { busy, error, act } = usePanelAction();
  const [compareWith, setCompareWith] = useState('');

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
          <SavedList
            noun="plan"
            busy={busy}
            items={(plans.data ?? []).map((p) => ({
              ...p,
              extra: (
                <>
                  {p.applied && <span className="badge badge--succeeded">Applied</span>}
                  <span className="muted">{p.positionHours.toLocaleString('en-US')} position-hours</span>
                </>
              ),
            }))}
            onOpen={(id) => void act(async () => showPlan(shownFromSaved(await openPlan(id))))}
            onDelete={(id) =>
              void act(async () => {
                await deletePlan(id);
                await plans.reload();
              })
            }
          />
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
                      {p.name} ({savedWhen(p.createdAt)})
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
      <FormStatus error={error} />
    </section>
  );
}
