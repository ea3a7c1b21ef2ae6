// A season's days as the overview's tables (pure, tested): the busiest days ranked, and the peak
// hours of one day with the season's typical peak hour passengers; both export as CSV and XLSX.
import { rankDays, type SeasonDay } from '../../../../workers/schedule/season';
import type { Table } from '../../simulation/model/tables';
import type { DesignDayPeaks, Season } from '../seasonApi';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];

/** The `count` busiest days, ranked by departures (ties: seats, then the earlier date). */
export function busiestDaysTable(days: readonly SeasonDay[], count: number): Table {
  return {
    name: `The ${Math.min(count, days.length)} busiest days`,
    columns: [
      { key: 'rank', label: 'Rank' },
      { key: 'date', label: 'Date' },
      { key: 'weekday', label: 'Day' },
      { key: 'departures', label: 'Departures', digits: 0 },
      { key: 'seats', label: 'Seats', digits: 0 },
      { key: 'passengers', label: 'Passengers', digits: 0 },
      { key: 'peak', label: 'Peak hour departures', digits: 0 },
      { key: 'peak_start', label: 'Peak hour from' },
    ],
    rows: (rankDays(days) as SeasonDay[]).slice(0, count).map((d, k) => ({
      rank: k + 1,
      date: d.date,
      weekday: weekdayOf(d.date),
      departures: d.departures,
      seats: d.seats,
      passengers: d.passengers,
      peak: d.peak.departures.count,
      peak_start: d.peak.departures.start,
    })),
  };
}

/** The design hour of one day (departures, seats, passengers) and the season's TPHP. */
export function peakHoursTable(season: Season, date: string): Table | null {
  const day = season.days.find((d) => d.date === date);
  if (!day) return null;
  const row = (measure: string, count: number, start: string) => ({ measure, count, start });
  return {
    name: `Peak hours of ${date}`,
    columns: [
      { key: 'measure', label: 'Busiest 60 minutes of' },
      { key: 'count', label: 'Count', digits: 0 },
      { key: 'start', label: 'From (local time)' },
    ],
    rows: [
      row('departures', day.peak.departures.count, day.peak.departures.start),
      row('seats', day.peak.seats.count, day.peak.seats.start),
      row('passengers', day.peak.passengers.count, day.peak.passengers.start),
      row('typical peak hour passengers (season)', season.tphp.count, ''),
    ],
  };
}

/** The design day's peak hours: all departures, each terminal, each airline (busiest first). */
export function groupPeaksTable(peaks: DesignDayPeaks): Table {
  const rows = [
    { kind: 'Airport', ...peaks.all },
    ...peaks.terminals.map((g) => ({ kind: 'Terminal', ...g })),
    ...peaks.airlines.map((g) => ({ kind: 'Airline', ...g })),
  ];
  return {
    name: `Peak hours of the design day${peaks.design_date ? ` ${peaks.design_date}` : ''} by terminal and airline`,
    columns: [
      { key: 'kind', label: 'Of' },
      { key: 'group', label: 'Which' },
      { key: 'departures', label: 'Departures', digits: 0 },
      { key: 'departures_from', label: 'From' },
      { key: 'seats', label: 'Seats', digits: 0 },
      { key: 'seats_from', label: 'From' },
      { key: 'passengers', label: 'Passengers', digits: 0 },
      { key: 'passengers_from', label: 'From' },
    ],
    rows: rows.map((r) => ({
      kind: r.kind,
      group: r.group,
      departures: r.departures.count,
      departures_from: r.departures.start,
      seats: r.seats.count,
      seats_from: r.seats.start,
      passengers: r.passengers.count,
      passengers_from: r.passengers.start,
    })),
  };
}
