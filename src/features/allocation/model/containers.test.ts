// Containers per flight and segregation by container type, totals per hour and zone, and the
// bag flow into make-up per 5 minutes.
import { describe, expect, it } from 'vitest';
import { makeupData } from '../../../../workers/report/fixture.test-data';
import { bagFlow, containerRows, containerTotals, type ContainerSources } from './containers';

const sources: ContainerSources = {
  ...makeupData,
  zones: [...makeupData.zones, { id: 3, name: 'Make-up North', kind: 'makeup' }],
  resources: [...makeupData.resources, { id: 12, zone_id: 3, name: 'Lateral 1', resource_type: 'makeup_lateral', positions: 2, display_order: 1 }],
  flights: makeupData.flights.map((f) => ({ ...f, aircraft_id: f.id === 101 ? 7 : null })),
  aircraft: [{ id: 7, container_type: 'AKH' }],
  allocations: [...makeupData.allocations, { ...makeupData.allocations[0], id: 5, resource_id: 12, segregation_id: 1000, bags: 10, containers: 1 }],
};

describe('containerRows', () => {
  it("sums a segregation's positions, with the aircraft container type or AKE", () => {
    const rows = containerRows(sources);
    expect(rows.map((r) => [r.flight, r.segregation, r.containerType, r.positions, r.bags, r.containers, r.zone])).toEqual([
      ['B6 1983', 'Y', 'AKE', 2, 60, 3, 'Baggage make-up'],
      ['AA 100', 'J', 'AKH', 1, 50, 2, 'Baggage make-up'],
      ['AA <7&>', 'Y', 'AKE', 2, 100, 4, 'Baggage make-up'],
    ]);
  });
});

describe('containerTotals', () => {
  it('counts containers per hour of make-up close and per zone', () => {
    const totals = containerTotals([
      { key: 'a', flight: 'X 1', std: 300, segregation: 'Y', containerType: 'AKE', zone: 'North', positions: 1, bags: 80, containers: 2, close: 250 },
      { key: 'b', flight: 'X 2', std: 320, segregation: 'Y', containerType: 'AKH', zone: 'South', positions: 1, bags: 40, containers: 1, close: 259 },
      { key: 'c', flight: 'X 3', std: 400, segregation: 'J', containerType: 'AKE', zone: 'North', positions: 1, bags: 120, containers: 3, close: 360 },
    ]);
    expect(totals.zones).toEqual(['North', 'South']);
    expect(totals.hours).toEqual([
      { hour: 240, label: '04:00–05:00', byZone: [2, 1], total: 3 },
      { hour: 360, label: '06:00–07:00', byZone: [3, 0], total: 3 },
    ]);
    expect(totals.byZone).toEqual([5, 1]);
    expect(totals.byType).toEqual([
      { type: 'AKE', containers: 5 },
      { type: 'AKH', containers: 1 },
    ]);
    expect(totals.total).toBe(6);
  });
});

describe('bagFlow', () => {
  it("spreads each allocation's bags evenly over its window in 5-minute slots", () => {
    const flow = bagFlow({
      day: makeupData.day,
      zones: makeupData.zones,
      resources: makeupData.resources,
      // 60 bags over 02:35-02:50 local: 20 per 5-minute slot; 10 more from 02:40 to 02:45.
      allocations: [
        { ...makeupData.allocations[0], start: '2017-01-02T07:35:00Z', end: '2017-01-02T07:50:00Z', bags: 60 },
        { ...makeupData.allocations[0], id: 9, start: '2017-01-02T07:40:00Z', end: '2017-01-02T07:45:00Z', bags: 10 },
      ],
    });
    expect(flow.from).toBe(120);
    expect(flow.zones).toEqual(['Baggage make-up']);
    const slots = flow.series[0];
    expect(slots.slice(6, 11)).toEqual([0, 20, 30, 20, 0]);
    expect(slots.reduce((n, v) => n + v, 0)).toBeCloseTo(70);
  });
});
