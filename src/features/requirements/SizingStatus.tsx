// The sizing in progress (its progress bar, what the engine is doing, Cancel) or how it ended
// when it did not end with a plan.
import { useAtomValue, useSetAtom } from 'jotai';
import { ProgressBar } from '../../components/ProgressBar';
import { RunEndedNotice } from '../simulation/RunEndedNotice';
import { cancelSizingAtom, sizingStateAtom } from './atoms';

export function SizingStatus({ scenarioId }: { scenarioId: number }) {
  const state = useAtomValue(sizingStateAtom);
  const cancel = useSetAtom(cancelSizingAtom);
  if (state.status === 'idle' || state.scenarioId !== scenarioId) return null;
  if (state.status === 'running') {
    const where = state.mode === 'server' ? "on the server's workers" : 'in this browser';
    return (
      <div className="sim-progress req-progress" aria-live="polite">
        <p className="muted">
          Sizing {where}: {state.message} ({Math.round(state.fraction * 100)}%).
        </p>
        <div className="req-progress__bar">
          <ProgressBar label="Sizing progress" value={state.fraction * 100} />
          <button type="button" className="button button--danger" onClick={() => void cancel()}>
            Cancel
          </button>
        </div>
      </div>
    );
  }
  if (state.status === 'cancelled' || state.status === 'failed') {
    return <RunEndedNotice ended={state} what="sizing" document="the airport document (the simulation screen exports it)" />;
  }
  return null;
}
