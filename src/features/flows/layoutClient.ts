// Runs Auto Layout in the flow worker through Comlink, one worker for the page, created on
// first use. Where there is no Worker (component tests) the same pure layout runs in place.
import * as Comlink from 'comlink';
import type { FlowWorkerApi } from '../../../workers/flow.worker';
import type { LayoutInput, LayoutResult } from '../../../workers/flow/layout';
import { applyLayout, toLayoutInput } from './model/layoutInput';
import type { FlowGraph } from './model/types';

let remote: Comlink.Remote<FlowWorkerApi> | null = null;

async function layoutOffThread(input: LayoutInput): Promise<LayoutResult> {
  if (typeof Worker === 'undefined') return (await import('../../../workers/flow/layout')).layoutFlow(input);
  remote ??= Comlink.wrap<FlowWorkerApi>(new Worker(new URL('../../../workers/flow.worker.ts', import.meta.url), { type: 'module' }));
  return remote.layoutFlow(input);
}

/** The graph laid out, and the segregations (`code|name`) whose splits do not total 100. */
export async function autoLayout(graph: FlowGraph): Promise<{ graph: FlowGraph; invalid: string[] }> {
  const result = await layoutOffThread(toLayoutInput(graph));
  return { graph: applyLayout(graph, result), invalid: result.invalid };
}
