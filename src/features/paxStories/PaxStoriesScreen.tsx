// The pax-stories screen (/app/checkin/pax-stories, SPEC section 2): 'Select Pax' picks an
// airline and segregation; the collapsible Palette (Inputs, Queues, Processes, Outputs) holds the
// scenario's items, dragged (or clicked) onto the canvas to build the steps that passenger takes,
// each process with its processing time. Stories are saved in the passenger movement graph.
import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { ReactFlowProvider } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { LoadState } from '../../components/LoadState';
import { ScenarioRequired } from '../../components/ScenarioRequired';
import { useLoader } from '../../components/useLoader';
import { CheckinHeading } from '../flows/CheckinHeading';
import { graphFromData, loadFlowData } from '../flows/flowData';
import type { FlowGraph } from '../flows/model/types';
import { selectedScenarioAtom } from '../projects/scenarioSelection';
import { loadStoriesAtom, storySourceAtom } from './atoms';
import { StoriesEditor } from './StoriesEditor';

const TITLE = 'Pax stories';

export default function PaxStoriesScreen() {
  const selected = useAtomValue(selectedScenarioAtom);
  if (!selected) return <ScenarioRequired title={TITLE} what="tell its passenger stories" />;
  return <ScenarioStories key={selected.scenarioId} scenarioId={selected.scenarioId} />;
}

function ScenarioStories({ scenarioId }: { scenarioId: number }) {
  const loaded = useLoader(() => loadFlowData(scenarioId), [scenarioId]);
  const loadStories = useSetAtom(loadStoriesAtom);
  const setSource = useSetAtom(storySourceAtom);
  const [graph, setGraph] = useState<FlowGraph | null>(null);

  useEffect(() => {
    if (!loaded.data) return;
    const built = graphFromData(loaded.data);
    loadStories(built.stories);
    setSource(null);
    setGraph(built.graph);
  }, [loaded.data, loadStories, setSource]);

  return (
    <section className="screen screen--wide stories-screen">
      <CheckinHeading title={TITLE} current="stories" />
      <LoadState loading={loaded.loading} error={loaded.error} hasData={!!loaded.data && !!graph}>
        {loaded.data && graph && (
          <ReactFlowProvider>
            <StoriesEditor scenarioId={scenarioId} data={loaded.data} graph={graph} />
          </ReactFlowProvider>
        )}
      </LoadState>
    </section>
  );
}
