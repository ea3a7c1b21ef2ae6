// String building for the report charts: escaping, elements, readable text on a fill, and the
// one Gantt drawing (lanes, group headings, hour grid, bars) both Gantt reports use.
import { clockLabel, tickStep, ticks } from './time';
import type { Lane, LaneGroup } from './lanes';

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);

const num = (n: number) => String(Math.round(n * 10) / 10);

/** An element with attributes (values escaped) and optional inner markup (already escaped). */
export function el(name: string, attrs: Record<string, string | number | undefined>, inner?: string): string {
  const list = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? num(v) : escapeXml(v as string)}"`)
    .join('');
  return inner === undefined ? `<${name}${list}/>` : `<${name}${list}>${inner}</${name}>`;
}

export const text = (x: number, y: number, content: string, attrs: Record<string, string | number> = {}) => el('text', { x, y, ...attrs }, escapeXml(content));

/** Black or white, whichever reads better on a #rrggbb fill. */
export function inkOn(fill: string): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(fill.trim());
  if (!m) return '#1f1f1f';
  const v = parseInt(m[1], 16);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const lum = 0.2126 * lin((v >> 16) & 255) + 0.7152 * lin((v >> 8) & 255) + 0.0722 * lin(v & 255);
  return lum > 0.4 ? '#1f1f1f' : '#ffffff';
}

export function svgDocument(width: number, height: number, title: string, body: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="11">` +
    el('title', {}, escapeXml(title)) +
    el('rect', { width, height, fill: '#ffffff' }) +
    body +
    `</svg>\n`
  );
}

export type SvgBar = { lane: number; span: number; start: number; end: number; fill: string; label: string; title: string; clash: boolean; locked: boolean };

export type GanttFrame = { title: string; subtitle: string; lanes: Lane[]; groups: LaneGroup[]; domain: [number, number]; bars: SvgBar[] };

const WIDTH = 1600;
const ROW = 18;
const GUTTER = 260;
const TOP = 64;
const RIGHT = 16;

/** The Gantt picture: time across, one row per lane, group headings in the gutter. */
export function ganttSvg(frame: GanttFrame): string {
  const { lanes, groups, domain, bars } = frame;
  const [from, to] = domain;
  const plotWidth = WIDTH - GUTTER - RIGHT;
  const x = (m: number) => GUTTER + ((m - from) / (to - from)) * plotWidth;
  const height = TOP + Math.max(1, lanes.length) * ROW + 28;
  const parts: string[] = [];
  parts.push(text(16, 24, frame.title, { 'font-size': 16, 'font-weight': 'bold', fill: '#1f1f1f' }));
  parts.push(text(16, 42, frame.subtitle, { fill: '#666666' }));

  // Zebra per resource group, then lane separators.
  groups
    .filter((g) => g.level === (groups.some((h) => h.level === 'resource') ? 'resource' : 'zone'))
    .forEach((g, i) => {
      if (i % 2 === 1) parts.push(el('rect', { x: GUTTER, y: TOP + g.first * ROW, width: plotWidth, height: g.count * ROW, fill: '#f6f6f8' }));
    });

  const step = tickStep(to - from, 24);
  const axis: string[] = [];
  for (const t of ticks(from, to, step)) {
    axis.push(el('line', { x1: x(t), x2: x(t), y1: TOP - 6, y2: TOP + lanes.length * ROW, stroke: t % 360 === 0 ? '#b0b0b0' : '#e2e2e2', 'stroke-width': 1 }));
    axis.push(text(x(t), TOP - 10, clockLabel(t), { 'text-anchor': 'middle', fill: '#444444', class: 'axis-label' }));
  }
  parts.push(el('g', { class: 'axis' }, axis.join('')));

  const gutter: string[] = [];
  for (const g of groups) {
    const y = TOP + g.first * ROW;
    if (g.level === 'zone') {
      gutter.push(el('line', { x1: 0, x2: WIDTH, y1: y, y2: y, stroke: '#9a9a9a', 'stroke-width': 1 }));
      gutter.push(text(8, y + 13, g.label, { 'font-weight': 'bold', fill: '#1f1f1f' }));
    } else {
      gutter.push(el('line', { x1: 120, x2: WIDTH, y1: y, y2: y, stroke: '#d0d0d0', 'stroke-width': 1 }));
      gutter.push(text(120, y + 13, g.label, { fill: '#333333' }));
    }
  }
  lanes.forEach((lane, i) => {
    gutter.push(text(GUTTER - 8, TOP + i * ROW + 13, lane.label, { 'text-anchor': 'end', fill: '#666666', 'font-size': 10 }));
  });
  parts.push(el('g', { class: 'lanes' }, gutter.join('')));

  const drawn: string[] = [];
  for (const bar of bars) {
    if (bar.lane < 0) continue;
    const x0 = Math.max(GUTTER, x(bar.start));
    const x1 = Math.min(WIDTH - RIGHT, x(bar.end));
    const w = Math.max(1, x1 - x0);
    const y = TOP + bar.lane * ROW + 2;
    const h = bar.span * ROW - 4;
    const rect = el(
      'rect',
      {
        class: 'bar',
        x: x0,
        y,
        width: w,
        height: h,
        rx: 2,
        fill: bar.fill,
        stroke: bar.clash ? '#c62828' : bar.locked ? '#1f1f1f' : 'none',
        'stroke-width': bar.clash ? 2 : bar.locked ? 1 : 0,
      },
      el('title', {}, escapeXml(bar.title)),
    );
    const fits = bar.label.length * 5.6 + 6 < w;
    drawn.push(fits ? rect + text(x0 + 3, y + h / 2 + 3.5, bar.label, { fill: inkOn(bar.fill), 'font-size': 10 }) : rect);
  }
  parts.push(el('g', { class: 'bars' }, drawn.join('')));
  parts.push(
    text(GUTTER, height - 10, `Times in local time · ${bars.filter((b) => b.clash).length} bars in conflict · outlined black: locked`, {
      fill: '#666666',
      'font-size': 10,
    }),
  );
  return svgDocument(WIDTH, height, frame.title, parts.join(''));
}
