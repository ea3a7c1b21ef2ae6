// The scenario's saved plans (name, date, position-hours, which is applied): open or delete one,
// and pick a plan of another scenario of the project to compare with the shown plan.
import { useSetAtom } from 'jotai';
import { FormStatus } from '../../components/FormStatus';
import { LoadState } from '../../components/LoadState';
import { ComparePicker } from '../../components/ComparePicker';
import { SavedList } from '../../components/SavedList';
import { useLoader } from '../../components/useLoader';
import { usePanelAction } from '../../components/usePanelAction';
import { unlessChanged } from '../../api/errors';
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
                // A plan someone else changed meanwhile is shown as it is now, and kept.
                await unlessChanged(deletePlan(plans.data!.find((p) => p.id === id)!), () => void plans.reload());
                await plans.reload();
              })
            }
          />
        )}
      </LoadState>
      {shown && (
        <ComparePicker
          noun="plan"
          placeholder={others.data?.length === 0 ? 'No other scenario of the project has a plan' : 'Choose a plan of another scenario…'}
          groups={(others.data ?? []).map((o) => ({ id: o.scenario.id, name: o.scenario.name, items: o.plans }))}
          busy={busy}
          onCompare={(plan, scenarioName) => void act(async () => onCompare(await openPlan(plan.id), `${scenarioName}: ${plan.name}`))}
        />
      )}
      <FormStatus error={error} />
    </section>
  );
}
