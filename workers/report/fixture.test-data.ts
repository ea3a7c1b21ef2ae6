// A small design day shared by the report tests: one make-up zone with a carousel (2 positions)
// and a chute, one check-in island of three counters and a kiosk, three flights.
import type { CheckinGanttData, MakeupGanttData } from './types';

const day = { designDate: '2017-01-02', timeZone: 'America/New_York' };
const zones = [
  { id: 1, name: 'Baggage make-up', kind: 'makeup' },
  { id: 2, name: 'Island 1', kind: 'checkin' },
];
const resources = [
  { id: 10, zone_id: 1, name: 'Carousel 1', resource_type: 'makeup_carousel', positions: 2, display_order: 1 },
  { id: 11, zone_id: 1, name: 'Chute 1', resource_type: 'makeup_chute', positions: 1, display_order: 2 },
  { id: 20, zone_id: 2, name: 'C1', resource_type: 'fullservice', positions: 1, display_order: 1 },
  { id: 21, zone_id: 2, name: 'C2', resource_type: 'fullservice', positions: 1, display_order: 2 },
  { id: 22, zone_id: 2, name: 'C3', resource_type: 'bagdrop', positions: 1, display_order: 3 },
  { id: 23, zone_id: 2, name: 'K1', resource_type: 'kiosk', positions: 1, display_order: 4 },
];
const airlines = [
  { id: 1, code: 'B6' },
  { id: 2, code: 'AA' },
];
const flights = [
  { id: 100, airline_id: 1, flight_number: '1983', scheduled: '2017-01-02T10:05:00Z' },
  { id: 101, airline_id: 2, flight_number: '100', scheduled: '2017-01-02T15:00:00Z' },
  { id: 102, airline_id: 2, flight_number: '<7&>', scheduled: '2017-01-02T16:00:00Z' },
];
const segregations = [
  { id: 1000, flight_id: 100, name: 'Y', bags: 150 },
  { id: 1001, flight_id: 101, name: 'J', bags: 20 },
  { id: 1002, flight_id: 102, name: 'Y', bags: 90 },
];
const alloc = (id: number, flight: number, seg: number, resource: number, position: number, start: string, end: string, locked = false) => ({
  id,
  flight_id: flight,
  segregation_id: seg,
  resource_id: resource,
  position_index: position,
  start,
  end,
  bags: 50,
  containers: 2,
  locked,
});

// 05:05 local STD for B6 1983 (UTC-5): make-up 02:35 to 04:25 local.
export const makeupData: MakeupGanttData = {
  day,
  zones,
  resources,
  flights,
  airlines,
  segregations,
  colours: [{ code: 'B6', primary: '#003876' }],
  bufferMinutes: 5,
  allocations: [
    alloc(1, 100, 1000, 10, 0, '2017-01-02T07:35:00Z', '2017-01-02T09:25:00Z'),
    alloc(2, 101, 1001, 10, 1, '2017-01-02T12:30:00Z', '2017-01-02T14:20:00Z', true),
    // Starts 3 minutes after 2 ends on the same position: inside the 5-minute buffer.
    alloc(3, 102, 1002, 10, 1, '2017-01-02T14:23:00Z', '2017-01-02T15:20:00Z'),
    alloc(4, 102, 1002, 11, 0, '2017-01-02T13:30:00Z', '2017-01-02T15:20:00Z'),
  ],
};

export const checkinData: CheckinGanttData = {
  day,
  zones,
  resources,
  flights,
  airlines,
  allocations: [
    { id: 1, resource_id: 20, flight_id: 100, airline_id: null, start: '2017-01-02T07:05:00Z', end: '2017-01-02T09:25:00Z', locked: false },
    { id: 2, resource_id: 21, flight_id: 100, airline_id: null, start: '2017-01-02T07:05:00Z', end: '2017-01-02T09:25:00Z', locked: false },
    { id: 3, resource_id: 22, flight_id: null, airline_id: 2, start: '2017-01-02T11:00:00Z', end: '2017-01-02T14:00:00Z', locked: true },
  ],
};

const phase = (id: number, resource: number, start: string, end: string) => ({
  id,
  resource_id: resource,
  flight_id: null,
  airline_id: 2,
  start: `2017-01-02T${start}:00Z`,
  end: `2017-01-02T${end}:00Z`,
  locked: false,
});

/**
 * AA common check-in in three phases from C1: C1–C2 from 06:00, C1–C3 from 06:30, C1 alone from
 * 07:00 to 07:30; and another AA block on C3 from 07:00, not following on from C1.
 */
export const phasedCheckinData: CheckinGanttData = {
  ...checkinData,
  allocations: [
    phase(11, 20, '11:00', '11:30'),
    phase(12, 21, '11:00', '11:30'),
    phase(13, 20, '11:30', '12:00'),
    phase(14, 21, '11:30', '12:00'),
    phase(15, 22, '11:30', '12:00'),
    phase(16, 20, '12:00', '12:30'),
    phase(17, 22, '12:00', '12:30'),
  ],
};

/** Tags balanced and properly nested, attributes quoted, no stray "<" or "&" in text. */
export function wellFormedErrors(svg: string): string[] {
  const errors: string[] = [];
  const body = svg.replace(/^<\?xml[^>]*\?>\s*/, '');
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let at = 0;
  for (let m = tag.exec(body); m; m = tag.exec(body)) {
    const between = body.slice(at, m.index);
    if (/[<>]/.test(between) || /&(?!(amp|lt|gt|quot|apos);)/.test(between)) errors.push(`bad text before ${m[0]}`);
    at = m.index + m[0].length;
    const [, closing, name, , selfClosing] = m;
    if (closing) {
      const open = stack.pop();
      if (open !== name) errors.push(`</${name}> closes <${open}>`);
    } else if (!selfClosing) stack.push(name);
  }
  if (body.slice(at).trim()) errors.push('text after the root element');
  if (stack.length) errors.push(`unclosed: ${stack.join(', ')}`);
  if (!body.startsWith('<svg')) errors.push('root is not <svg>');
  return errors;
}
