// The report graphics a server job renders to SVG files: pure string renderers over plain data
// shaped like the API's rows (see types.ts), no DOM, so they run in Node and in a browser alike.
export { renderMakeupGanttSvg } from './makeupGantt';
export { renderCheckinGanttSvg } from './checkinGantt';
export { renderOccupancySvg, occupancySeries } from './occupancy';
export type * from './types';
