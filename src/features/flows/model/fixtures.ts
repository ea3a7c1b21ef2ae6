// Scenario data shaped as the API answers it, shared by the model's tests: two zones of the
// demo terminal, a security zone, three airlines (one listed twice, one without segregations).
import type { FlowSourceData } from './buildFlowGraph';

const seg = (id: number, name: string, airlineId: number, code: string) => ({ id, name, flight: { airline: { id: airlineId, code } } });

export const sourceData: FlowSourceData = {
  airlines: [
    { id: 3, code: 'DL', name: 'Delta' },
    { id: 1, code: 'AA', name: 'American' },
    { id: 9, code: 'AA', name: 'American (again)' },
    { id: 4, code: 'ZZ', name: 'No segregations' },
  ],
  segregations: [seg(1, 'Y', 3, 'DL'), seg(2, 'J', 3, 'DL'), seg(3, 'Y', 1, 'AA'), seg(4, 'Y', 1, 'AA'), seg(5, 'J', 9, 'AA')],
  zones: [
    { id: 10, name: 'Checkin Zone A', kind: 'checkin' },
    { id: 11, name: 'Checkin Zone B', kind: 'checkin' },
    { id: 20, name: 'Security', kind: 'security' },
    { id: 30, name: 'Make-up', kind: 'makeup' },
  ],
  resources: [
    { id: 101, zone_id: 10, name: 'A01', resource_type: 'fullservice', service_mean_seconds: 120, service_cv: 0.6, display_order: 0 },
    { id: 102, zone_id: 10, name: 'A02', resource_type: 'kiosk', service_mean_seconds: 60, service_cv: 0.5, display_order: 1 },
    { id: 103, zone_id: 10, name: 'A03', resource_type: 'bagdrop', service_mean_seconds: 60, service_cv: 0.5, display_order: 2 },
    { id: 111, zone_id: 11, name: 'B01', resource_type: 'fullservice', service_mean_seconds: 120, service_cv: 0.6, display_order: 0 },
    { id: 201, zone_id: 20, name: 'Security South', resource_type: 'security', service_mean_seconds: 24, service_cv: 0.4, display_order: 0 },
    { id: 202, zone_id: 20, name: 'Security North', resource_type: 'security', service_mean_seconds: 24, service_cv: 0.4, display_order: 1 },
    { id: 301, zone_id: 30, name: 'Carousel 1', resource_type: 'makeup_carousel', service_mean_seconds: null, service_cv: null, display_order: 0 },
  ],
  colours: [{ code: 'DL', primary: '#003366' }],
};
