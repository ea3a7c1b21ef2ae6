// Web Worker entry of the flow editor: ELK layout with the split validation (workers/flow) over
// Comlink, so laying out a large graph never freezes the page.
import * as Comlink from 'comlink';
import { layoutFlow } from './flow/layout';

const api = { layoutFlow };

export type FlowWorkerApi = typeof api;
Comlink.expose(api);
