// Live updates of the flow editor: another planner's saved flow, or a change to what the canvas
// shows (zones, counters, airlines, segregations), loads the editor again; never while this
// planner has unsaved changes (their save then meets the other's version: FLOW_SAVED_ELSEWHERE).
// The planner's own save is announced too, and would reset the undo history for nothing: a graph
// change whose version is the one the editor saved is not loaded again.
import { useCallback } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { useLiveReload } from '../../live/liveChanges';
import { isFlowDirtyAtom, savedFlowAtom } from './atoms';

const GRAPH_SETS = ['passenger_movement_graphs'];
const SOURCE_SETS = ['zones', 'resources', 'airlines', 'segregations', 'flights'];

/** Answers whether another planner's change waits for this one's unsaved changes. */
export function useFlowLiveReload(scenarioId: number, reload: () => unknown): boolean {
  const store = useStore();
  const dirty = useAtomValue(isFlowDirtyAtom);
  const reloadIfNotMine = useCallback(async () => {
    const graphs = await unwrap(api.GET('/api/passenger-movement-graphs/', { params: { query: { scenario_id: scenarioId } } }));
    const mine = store.get(savedFlowAtom);
    const theirs = mine ? graphs.find((g) => g.id === mine.id) : graphs[0];
    if (theirs?.version !== mine?.version) await reload();
  }, [scenarioId, store, reload]);
  const graphWaits = useLiveReload(GRAPH_SETS, reloadIfNotMine, dirty);
  const sourceWaits = useLiveReload(SOURCE_SETS, reload, dirty);
  return graphWaits || sourceWaits;
}
