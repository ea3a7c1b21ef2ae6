// The editor's geometry: SPEC sections 2 and 9 (groups 400 by 600, 650 apart; airlines 530 apart;
// minimap 200 by 150) and the sizes of the nodes inside a group, used by the graph builder, the
// node components and the layout input alike.
export const AIRLINE_SPACING_Y = 530;
export const AIRLINE_WIDTH = 260;
export const AREA_WIDTH = 400;
export const AREA_HEIGHT = 600;
export const AREA_SPACING_Y = 650;
export const AREA_COLUMN_X = AIRLINE_WIDTH + 200;
export const OUTPUT_COLUMN_X = AREA_COLUMN_X + AREA_WIDTH + 200;
export const OUTPUT_WIDTH = 180;
export const OUTPUT_HEIGHT = 56;
export const MINIMAP_WIDTH = 200;
export const MINIMAP_HEIGHT = 150;

export const QUEUE_WIDTH = 170;
export const QUEUE_HEIGHT = 48;
/** Queue 1 and Queue 2 sit side by side at the foot of their group: passengers flow upwards. */
export const QUEUE_Y = AREA_HEIGHT - QUEUE_HEIGHT - 20;
export const QUEUE_X = [20, AREA_WIDTH - 20 - QUEUE_WIDTH] as const;

export const RESOURCE_WIDTH = 84;
export const RESOURCE_HEIGHT = 40;
const RESOURCE_GAP = 8;
const RESOURCE_TOP = 52;
const RESOURCE_COLUMNS = 4;

/** Where the n-th resource of a group sits, row by row above the queues. */
export function resourcePosition(index: number): { x: number; y: number } {
  const column = index % RESOURCE_COLUMNS;
  const row = Math.floor(index / RESOURCE_COLUMNS);
  return { x: 20 + column * (RESOURCE_WIDTH + RESOURCE_GAP), y: RESOURCE_TOP + row * (RESOURCE_HEIGHT + RESOURCE_GAP) };
}

/** An airline node's height: a header, then per segregation a title row and one row per split. */
export function airlineHeight(splitRows: number[]): number {
  return 44 + splitRows.reduce((sum, rows) => sum + 34 + rows * 34, 0) + 8;
}
