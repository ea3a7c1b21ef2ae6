// Minutes of a design day as the clock a planner reads ("07:05", "00:30 +1"), for time axes,
// tooltips and tables alike.
export function formatMinutes(minutes: number): string {
  const day = Math.floor(minutes / 1440);
  const inDay = Math.round(minutes - day * 1440);
  const h = Math.floor(inDay / 60) % 24;
  const m = inDay % 60;
  const clock = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  return day === 0 ? clock : `${clock} ${day > 0 ? '+' : ''}${day}`;
}

/** "HH:MM" (or "HH:MM +1") back to minutes of the design day; null when it does not read as a time. */
export function parseMinutes(text: string): number | null {
  const match = /^\s*(\d{1,2}):(\d{2})\s*(?:([+-]\d+))?\s*$/.exec(text);
  if (!match) return null;
  const [h, m] = [Number(match[1]), Number(match[2])];
  if (h > 23 || m > 59) return null;
  return Number(match[3] ?? 0) * 1440 + h * 60 + m;
}
