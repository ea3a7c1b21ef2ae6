// What the planner does with the shown plan: save one sized in the browser under a name, apply a
// saved plan to the scenario (the check-in allocation and the simulation's security lanes follow
// it), then re-run the check-in allocation with it.
import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { Link } from 'wouter';
import { FormStatus } from '../../components/FormStatus';
import { usePanelAction } from '../../components/usePanelAction';
import { noteJobStartedAtom } from '../jobs/atoms';
import { showPlanAtom, shownFromSaved, type ShownPlan } from './atoms';
import { applyPlan, rerunCheckinWithPlan, savePlan } from './sizingApi';

type PlanActionsProps = { shown: ShownPlan; onChanged: () => void };

export function PlanActions({ shown, onChanged }: PlanActionsProps) {
  const showPlan = useSetAtom(showPlanAtom);
  const noteJobStarted = useSetAtom(noteJobStartedAtom);
  const [name, setName] = useState('');
  const { busy, error, act } = usePanelAction();
  const [step, setStep] = useState<'none' | 'applied' | 'allocating'>('none');

  const save = () =>
    act(async () => {
      const saved = await savePlan(shown.scenarioId, name.trim() || `Plan of ${new Date().toLocaleString('en-GB')}`, shown.settings, shown.plan);
      showPlan(shownFromSaved(saved));
      onChanged();
    });
  const apply = (id: number) =>
    act(async () => {
      await applyPlan(id);
      showPlan({ ...shown, saved: { ...shown.saved!, applied: true } });
      setStep('applied');
      onChanged();
    });
  const rerun = () =>
    act(async () => {
      await rerunCheckinWithPlan(shown.scenarioId);
      noteJobStarted();
      setStep('allocating');
    });

  return (
    <section className="card req-actions" aria-label="Plan actions">
      {!shown.saved ? (
        <div className="sim-runs__save">
          <label className="sim-field sim-field--wide">
            <span>Plan name</span>
            <input value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Base case at 95 %" />
          </label>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void save()}>
            Save plan
          </button>
          <span className="muted">Sized in this browser: save it to keep, compare or apply it.</span>
        </div>
      ) : shown.saved.applied ? (
        <p>
          <span className="badge badge--succeeded">Applied</span> The scenario uses “{shown.saved.name}”: the simulation opens security lanes as it says, and
          the check-in allocation can take its counter needs from it.
        </p>
      ) : (
        <div className="sim-runs__save">
          <span>“{shown.saved.name}” is saved.</span>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void apply(shown.saved!.id)}>
            Apply to the scenario
          </button>
        </div>
      )}
      {step === 'applied' && (
        <div className="notice notice--success req-actions__next">
          Plan applied. Re-run the check-in allocation so the counters follow it?
          <button type="button" className="button button--small" disabled={busy} onClick={() => void rerun()}>
            Re-run check-in allocation
          </button>
          <Link href="/app/simulation" className="link">
            Or simulate the scenario with the applied lanes
          </Link>
        </div>
      )}
      {step === 'allocating' && (
        <p className="notice notice--success">
          The check-in allocation is running with the applied plan (see Jobs below); then <Link href="/app/simulation">run the simulation</Link> to see every
          group within target.
        </p>
      )}
      <FormStatus error={error} />
    </section>
  );
}
