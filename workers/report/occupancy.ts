// Make-up occupancy over the day as an SVG file for a report: per make-up resource, the positions
// in use in each time slot (a step line), against the resource's positions.
import { seriesColour } from './colours';
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
    .map((r) => ({ resourceId: r.id, name: `${r.name} (${zoneName.get(r.zone_id) ?? 'zone'})`, positions: r.positions, slots: new Array<number>(count).fill(0) }));
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
const HEIGHT = 480;
const PAD = { left: 64, right: 220, top: 56, bottom: 48 };

export function renderOccupancySvg(data: OccupancyData): string {
  const clock = dayClock(data.day.designDate, data.day.timeZone);
  const [from, to] = dayDomain(data.allocations.map((a) => ({ start: clock.toMinutes(a.start), end: clock.toMinutes(a.end) })));
  const slot = data.slotMinutes ?? 5;
  const series = occupancySeries(data, from, to);
  const yMax = Math.max(1, ...series.map((s) => Math.max(s.positions, ...s.slots)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (m: number) => PAD.left + ((m - from) / (to - from)) * plotW;
  const y = (v: number) => PAD.top + plotH - (v / yMax) * plotH;
  const parts: string[] = [];
  parts.push(text(16, 24, data.title ?? 'Make-up occupancy', { 'font-size': 16, 'font-weight': 'bold', fill: '#1f1f1f' }));
  parts.push(text(16, 42, `${data.day.designDate} · positions in use per ${slot} minutes, local time`, { fill: '#666666' }));

  const axis: string[] = [];
  for (const t of ticks(from, to, tickStep(to - from, 16))) {
    axis.push(el('line', { x1: x(t), x2: x(t), y1: PAD.top, y2: PAD.top + plotH, stroke: '#ececec' }));
    axis.push(text(x(t), PAD.top + plotH + 16, clockLabel(t), { 'text-anchor': 'middle', fill: '#444444', class: 'axis-label' }));
  }
  const yStep = Math.max(1, Math.ceil(yMax / 8));
  for (let v = 0; v <= yMax; v += yStep) {
    axis.push(el('line', { x1: PAD.left, x2: PAD.left + plotW, y1: y(v), y2: y(v), stroke: v === 0 ? '#9a9a9a' : '#ececec' }));
    axis.push(text(PAD.left - 8, y(v) + 4, String(v), { 'text-anchor': 'end', fill: '#444444', class: 'axis-label' }));
  }
  axis.push(text(16, PAD.top + plotH / 2, 'Positions in use', { transform: `rotate(-90 16 ${PAD.top + plotH / 2})`, 'text-anchor': 'middle', fill: '#444444', dy: 4 }));
  axis.push(text(PAD.left + plotW / 2, HEIGHT - 8, 'Time of day (local)', { 'text-anchor': 'middle', fill: '#444444' }));
  parts.push(el('g', { class: 'axis' }, axis.join('')));

  const lines: string[] = [];
  series.forEach((s, i) => {
    const colour = seriesColour(i);
    const points = s.slots.flatMap((v, k) => [`${x(from + k * slot).toFixed(1)},${y(v).toFixed(1)}`, `${x(from + (k + 1) * slot).toFixed(1)},${y(v).toFixed(1)}`]);
    lines.push(el('polyline', { class: 'series', points: points.join(' '), fill: 'none', stroke: colour, 'stroke-width': 1.6 }, el('title', {}, s.name)));
    lines.push(el('line', { x1: PAD.left, x2: PAD.left + plotW, y1: y(s.positions), y2: y(s.positions), stroke: colour, 'stroke-dasharray': '4 4', 'stroke-width': 1, opacity: 0.6 }));
    const ly = PAD.top + 8 + i * 18;
    lines.push(el('rect', { x: WIDTH - PAD.right + 16, y: ly - 8, width: 12, height: 10, fill: colour }));
    lines.push(text(WIDTH - PAD.right + 34, ly + 1, `${s.name}: ${s.positions} positions`, { fill: '#333333' }));
  });
  parts.push(el('g', { class: 'lines' }, lines.join('')));
  return svgDocument(WIDTH, HEIGHT, data.title ?? 'Make-up occupancy', parts.join(''));
}
