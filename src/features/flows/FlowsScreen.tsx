// The check-in flow editor (/app/checkin/flows, SPEC section 2): the selected scenario's airlines,
// area groups and security outputs on a React Flow canvas, merged with the saved passenger
// movement graph; the toolbar lays out, saves, exports, imports, undoes and redoes.
import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { ReactFlowProvider } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { LoadState } from '../../components/LoadState';
import { useLoader } from '../../components/useLoader';
import { selectedScenarioAtom } from '../projects/scenarioSelection';
import { loadFlowAtom } from './atoms';
import { FlowEditor } from './FlowEditor';
import { graphFromData, loadFlowData, savedFlowOf } from './flowData';
import { ScenarioRequired } from '../../components/ScenarioRequired';
import { CheckinHeading } from './CheckinHeading';
import { useFlowLiveReload } from './useFlowLiveReload';

const TITLE = 'Check-in flows';

export default function FlowsScreen() {
  const selected = useAtomValue(selectedScenarioAtom);
  if (!selected) return <ScenarioRequired title={TITLE} what="edit its check-in flow" />;
  return <ScenarioFlow key={selected.scenarioId} scenarioId={selected.scenarioId} />;
}

function ScenarioFlow({ scenarioId }: { scenarioId: number }) {
  const loaded = useLoader(() => loadFlowData(scenarioId), [scenarioId]);
  const loadFlow = useSetAtom(loadFlowAtom);
  const [ready, setReady] = useState<{ notice: string | null } | null>(null);
  const othersWaiting = useFlowLiveReload(scenarioId, loaded.reload);

  useEffect(() => {
    if (!loaded.data) return;
    const { graph, stories, notice } = graphFromData(loaded.data);
    loadFlow({ graph, stories, saved: loaded.data.saved && savedFlowOf(loaded.data.saved) });
    setReady({ notice });
  }, [loaded.data, loadFlow]);

  return (
    <section className="screen screen--wide flows-screen">
      <CheckinHeading title={TITLE} current="flows" />
      <p className="muted" aria-live="polite">
        {othersWaiting ? 'Changed by someone else: shown once your changes are saved or undone' : ''}
      </p>
      <LoadState loading={loaded.loading} error={loaded.error} hasData={!!loaded.data && !!ready}>
        {loaded.data && ready && (
          <ReactFlowProvider>
            <FlowEditor scenarioId={scenarioId} source={loaded.data.source} hasSchedule={loaded.data.hasSchedule} notice={ready.notice} />
          </ReactFlowProvider>
        )}
      </LoadState>
    </section>
  );
}
