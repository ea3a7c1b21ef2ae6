// The flow toolbar's actions on the whole document: Auto Layout, Save (a flow with problems is
// kept as a draft), Export and Import of the flow file. Each says how it went in one message;
// a layout or an import fits the view once React Flow has the moved nodes.
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useSetAtom, useStore } from 'jotai';
import { useReactFlow } from '@xyflow/react';
import { ApiError } from '../../api/errors';
import { editFlowAtom, flowGraphAtom, flowSavedElsewhereAtom, markFlowSavedAtom, paxStoriesAtom, replaceFlowDocumentAtom } from './atoms';
import { saveFlowDocument, savedElsewhere, savedElsewhereWords, type SavedFlow } from './flowData';
import { autoLayout } from './layoutClient';
import { buildFlowGraph, type FlowSourceData } from './model/buildFlowGraph';
import { FLOW_FILE_NAME, parseFlowDocument } from '../../../common/scenario/flowDocument';
import { applyFlowDocument, toFlowDocument } from './model/graphDocument';
import { flowProblems } from './FlowReadiness';
import { FIT_OPTIONS } from './FlowCanvas';

export type FlowMessage = { kind: 'error' | 'success' | 'warning'; text: string } | null;

export function useFlowFileActions(scenarioId: number, saved: SavedFlow | null, source: FlowSourceData) {
  const store = useStore();
  const edit = useSetAtom(editFlowAtom);
  const markSaved = useSetAtom(markFlowSavedAtom);
  const adoptTheirs = useSetAtom(flowSavedElsewhereAtom);
  const replaceDocument = useSetAtom(replaceFlowDocumentAtom);
  const [busy, setBusy] = useState<'layout' | 'save' | null>(null);
  const [message, setMessage] = useState<FlowMessage>(null);
  // What the screen said of the graph it loaded is stale once this screen has saved it.
  const [savedHere, setSavedHere] = useState(false);

  // A fit asked for by an edit runs after the render that hands React Flow the moved nodes.
  const { fitView } = useReactFlow();
  const [fitRequest, setFitRequest] = useState(0);
  const fitSoon = useCallback(() => setFitRequest((n) => n + 1), []);
  const fitViewRef = useRef(fitView);
  fitViewRef.current = fitView;
  useEffect(() => {
    if (fitRequest > 0) void fitViewRef.current(FIT_OPTIONS);
  }, [fitRequest]);

  const runAutoLayout = async () => {
    setBusy('layout');
    setMessage(null);
    try {
      const laid = await autoLayout(store.get(flowGraphAtom));
      edit(() => laid.graph);
      if (laid.invalid.length) {
        const names = laid.invalid.map((key) => key.replace('|', ' ')).join(', ');
        setMessage({ kind: 'error', text: `Splits that do not total 100% (they cannot be connected): ${names}.` });
      }
      fitSoon();
    } catch (error) {
      setMessage({ kind: 'error', text: `Auto Layout failed: ${(error as Error).message}` });
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    setBusy('save');
    setMessage(null);
    try {
      const [current, currentStories] = [store.get(flowGraphAtom), store.get(paxStoriesAtom)];
      markSaved(await saveFlowDocument(scenarioId, saved, toFlowDocument(current, currentStories)));
      setSavedHere(true);
      // An incomplete flow is kept as a draft; the simulation goes on with the default flow.
      const problems = flowProblems(current, currentStories).length;
      setMessage(
        problems === 0
          ? { kind: 'success', text: 'Flow saved. The next simulation runs it.' }
          : {
              kind: 'warning',
              text: `Flow saved as a draft: the simulation keeps running the default flow until the ${problems === 1 ? 'problem below is' : `${problems} problems below are`} fixed.`,
            },
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const theirs = savedElsewhere(error);
      if (theirs) adoptTheirs(theirs);
      setMessage({ kind: 'error', text: `The flow was not saved: ${theirs ? await savedElsewhereWords(scenarioId, theirs) : error.message}` });
    } finally {
      setBusy(null);
    }
  };

  const exportFlow = () => {
    const doc = toFlowDocument(store.get(flowGraphAtom), store.get(paxStoriesAtom));
    const url = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = FLOW_FILE_NAME;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  const importFlow = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const applied = applyFlowDocument(buildFlowGraph(source), parseFlowDocument(await file.text()));
      replaceDocument({ graph: applied.graph, stories: applied.stories });
      const { nodes, edges } = applied.dropped;
      setMessage({
        kind: 'success',
        text: `Imported ${file.name}.${nodes + edges > 0 ? ` ${nodes} node(s) and ${edges} edge(s) not in this scenario were left out.` : ''}`,
      });
      fitSoon();
    } catch (error) {
      setMessage({ kind: 'error', text: `Import failed: ${(error as Error).message} Nothing was changed.` });
    }
  };

  return { busy, message, savedHere, runAutoLayout, save, exportFlow, importFlow };
}
