// Web Worker entry of the flow editor: ELK layout and split validation (workers/flow) over
// Comlink, so laying out a large graph never freezes the page.
import * as Comlink from 'comlink';
import { layoutFlow } from './flow/layout';
import { invalidSegregations } from './flow/splits';

const api = { layoutFlow, invalidSegregations };

export type FlowWorkerApi = typeof api;
Comlink.expose(api);
