// Make-up occupancy over the day as an SVG file for a report: per make-up resource, the positions
// in use in each time slot, as a shade of the resource's positions (a heatmap row).
import { MAKEUP_TYPES } from './lanes';
import { el, svgDocument, text } from './svg';
import { clockLabel, dayClock, dayDomain, tickStep, ticks } from './time';
import type { OccupancyData } from './types';

export type OccupancySeries = { resourceId: number; name: string; positions: number; slots: number[] };

/** Positions in use per slot of [from, to): a position counts in a slot it holds for any part of. */
export function occupancySeries(data: OccupancyData, from: number, to: number): OccupancySeries[] {
  const clock = dayClock(data.day.designDate, data.day.timeZone);
  const slot = data.slotMinutes ?? 5;
  const count = Math.max(1, Math.ceil((to - from) / slot));
  const zoneName = new Map(data.zones.map((z) => [z.id, z.name]));
  const series = data.resources
    .filter((r) => MAKEUP_TYPES.has(r.resource_type))
    .sort((a, b) => a.zone_id - b.zone_id || a.display_order - b.display_order || a.name.localeCompare(b.name))
    .map((r) => ({
      resourceId: r.id,
      name: `${r.name} (${zoneName.get(r.zone_id) ?? 'zone'})`,
      positions: r.positions,
      slots: new Array<number>(count).fill(0),
    }));
  const byId = new Map(series.map((s) => [s.resourceId, s]));
  for (const a of data.allocations) {
    const s = byId.get(a.resource_id);
    if (!s) continue;
    const first = Math.max(0, Math.floor((clock.toMinutes(a.start) - from) / slot));
    const last = Math.min(count - 1, Math.ceil((clock.toMinutes(a.end) - from) / slot) - 1);
    for (let i = first; i <= last; i++) s.slots[i] += 1;
  }
  return series;
}

const WIDTH = 1200;
const ROW = 20;
const PAD = { left: 260, right: 24, top: 64, bottom: 72 };
/** Share of a resource's positions in use, light to dark; over its positions (a conflict) red. */
const SHADES = ['#f1f4f9', '#c6dbef', '#9ecae1', '#6baed6', '#3182bd', '#08519c'];
const OVER = '#d1242f';

function shade(used: number, positions: number): string {
  if (used > positions) return OVER;
  if (used === 0) return SHADES[0];
  return SHADES[Math.min(SHADES.length - 1, Math.ceil((used / Math.max(1, positions)) * (SHADES.length - 1)))];
}

/**
 * Make-up occupancy as a heatmap: a row per make-up resource, its positions in use per slot as a
 * shade of its size (26 step lines on one axis could not be told apart); runs of equal slots are
 * one rectangle each, with a title saying the time and the count.
 */
export function renderOccupancySvg(data: OccupancyData): string {
  const clock = dayClock(data.day.designDate, data.day.timeZone);
  const [from, to] = dayDomain(data.allocations.map((a) => ({ start: clock.toMinutes(a.start), end: clock.toMinutes(a.end) })));
  const slot = data.slotMinutes ?? 5;
  const series = occupancySeries(data, from, to);
  const plotW = WIDTH - PAD.left - PAD.right;
  const height = PAD.top + Math.max(1, series.length) * ROW + PAD.bottom;
  const x = (m: number) => PAD.left + ((m - from) / (to - from)) * plotW;
  const parts: string[] = [];
  parts.push(text(16, 24, data.title ?? 'Make-up occupancy', { 'font-size': 16, 'font-weight': 'bold', fill: '#1f1f1f' }));
  parts.push(text(16, 42, `${data.day.designDate} · positions in use per ${slot} minutes against each resource's positions, local time`, { fill: '#666666' }));

  const rows: string[] = [];
  series.forEach((s, i) => {
    const top = PAD.top + i * ROW;
    rows.push(
      text(PAD.left - 8, top + ROW / 2 + 4, `${s.name}: ${s.positions} position${s.positions === 1 ? '' : 's'}`, { 'text-anchor': 'end', fill: '#333333' }),
    );
    for (let k = 0; k < s.slots.length;) {
      let end = k + 1;
      while (end < s.slots.length && s.slots[end] === s.slots[k]) end++;
      const used = s.slots[k];
      const title = `${s.name} ${clockLabel(from + k * slot)}–${clockLabel(from + end * slot)}: ${used} of ${s.positions} positions`;
      rows.push(
        el(
          'rect',
          {
            class: 'cell',
            x: x(from + k * slot),
            y: top + 1,
            width: x(from + end * slot) - x(from + k * slot),
            height: ROW - 2,
            fill: shade(used, s.positions),
          },
          el('title', {}, title),
        ),
      );
      k = end;
    }
  });
  parts.push(el('g', { class: 'rows' }, rows.join('')));

  const axis: string[] = [];
  const bottom = PAD.top + series.length * ROW;
  for (const t of ticks(from, to, tickStep(to - from, 16))) {
    axis.push(el('line', { x1: x(t), x2: x(t), y1: PAD.top, y2: bottom + 4, stroke: '#ffffff', 'stroke-opacity': 0.7 }));
    axis.push(text(x(t), bottom + 18, clockLabel(t), { 'text-anchor': 'middle', fill: '#444444', class: 'axis-label' }));
  }
  axis.push(text(PAD.left + plotW / 2, bottom + 36, 'Time of day (local)', { 'text-anchor': 'middle', fill: '#444444' }));
  parts.push(el('g', { class: 'axis' }, axis.join('')));

  // The key: the shades from none to all positions in use, and red for more than a resource has.
  const key: string[] = [text(PAD.left, height - 14, 'Positions in use:', { fill: '#444444' })];
  const labels = ['none', 'up to 1/5', 'up to 2/5', 'up to 3/5', 'up to 4/5', 'all'];
  SHADES.forEach((colour, i) => {
    const kx = PAD.left + 110 + i * 110;
    key.push(el('rect', { x: kx, y: height - 24, width: 14, height: 12, fill: colour, stroke: '#9a9a9a', 'stroke-width': 0.5 }));
    key.push(text(kx + 20, height - 14, labels[i], { fill: '#444444' }));
  });
  key.push(el('rect', { x: PAD.left + 110 + SHADES.length * 110, y: height - 24, width: 14, height: 12, fill: OVER }));
  key.push(text(PAD.left + 130 + SHADES.length * 110, height - 14, 'more than it has', { fill: '#444444' }));
  parts.push(el('g', { class: 'key' }, key.join('')));
  return svgDocument(WIDTH, height, data.title ?? 'Make-up occupancy', parts.join(''));
}
