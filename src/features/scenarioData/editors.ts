// The scenario data editors as descriptions for the one editable table: per data set its tab
// title, the columns (references offer the names of the other lists), a new row's values and
// the whole-row rules checked before saving.
import type { CellOption, ColumnSpec } from '../../components/cellCodecs';
import type { DataRow, ResourceKey } from './resourceClient';
import { sharesRuleMessage } from './turnupProfile';
import { DEFAULT_QUEUE_AREA_M2 } from '../../../workers/sim/space';

export type ScenarioLists = Record<ResourceKey, DataRow[]>;

export type EditorSpec = {
  key: ResourceKey;
  title: string;
  noun: string;
  columns: (lists: ScenarioLists) => ColumnSpec[];
  newRow: (lists: ScenarioLists) => Record<string, unknown>;
  rowName: (row: DataRow) => string;
  validate?: (values: Record<string, unknown>) => Record<string, string>;
};

const DEFAULT_AREAS = `${DEFAULT_QUEUE_AREA_M2.fullservice} m² per counter or bag drop, ${DEFAULT_QUEUE_AREA_M2.kiosk} m² per kiosk, ${DEFAULT_QUEUE_AREA_M2.security} m² per security lane`;

const options = (values: readonly string[]): CellOption[] => values.map((value) => ({ value, label: value }));

const refOptions = (rows: readonly DataRow[], label = (row: DataRow) => String(row.name)): CellOption[] =>
  rows.map((row) => ({ value: row.id, label: label(row) }));

const SECTORS = options(['domestic', 'schengen', 'international']);
const BODIES = options(['narrow', 'wide']);
const ZONE_KINDS = options(['checkin', 'security', 'makeup']);
const RESOURCE_TYPES = options(['fullservice', 'kiosk', 'bagdrop', 'security', 'makeup_carousel', 'makeup_lateral', 'makeup_chute']);
const TIME_ZONES = options(Intl.supportedValuesOf('timeZone'));

const firstId = (rows: readonly DataRow[]) => rows[0]?.id ?? '';
const named = (row: DataRow) => String(row.name || `#${row.id}`);

/** Match criteria every rule set shares (FlightMatch); empty means "any". */
const matchColumns: ColumnSpec[] = [
  { key: 'match.airline_codes', label: 'Airlines', kind: 'list', optional: true, upperCase: true },
  { key: 'match.destinations', label: 'Destinations', kind: 'list', optional: true, upperCase: true },
  { key: 'match.sector', label: 'Sector', kind: 'select', options: SECTORS, optional: true, width: '9.5rem' },
  { key: 'match.body', label: 'Body', kind: 'select', options: BODIES, optional: true, width: '6.5rem' },
];

const ruleHead: ColumnSpec[] = [
  { key: 'name', label: 'Rule', kind: 'text', width: '18rem' },
  { key: 'priority', label: 'Priority', kind: 'integer', width: '5rem' },
];

function sharesMustTotal100(key: string) {
  return (values: Record<string, unknown>): Record<string, string> => {
    const list = values[key];
    if (!Array.isArray(list)) return {};
    const shares = list.map((item) => (typeof item === 'number' ? item : Number((item as { share: number }).share)));
    const message = sharesRuleMessage(shares);
    return message ? { [key]: message } : {};
  };
}

export const EDITORS: readonly EditorSpec[] = [
  {
    key: 'airports',
    title: 'Airports',
    noun: 'airport',
    columns: () => [
      { key: 'iata', label: 'IATA', kind: 'text', upperCase: true, width: '5rem' },
      { key: 'icao', label: 'ICAO', kind: 'text', upperCase: true, width: '5rem' },
      { key: 'name', label: 'Name', kind: 'text' },
      { key: 'city', label: 'City', kind: 'text' },
      { key: 'country', label: 'Country', kind: 'text' },
      { key: 'time_zone', label: 'Time zone', kind: 'select', options: TIME_ZONES },
    ],
    newRow: () => ({ iata: '', icao: '', name: '', city: '', country: '', time_zone: 'UTC' }),
    rowName: (row) => String(row.iata),
  },
  {
    key: 'terminals',
    title: 'Terminals',
    noun: 'terminal',
    columns: (lists) => [
      { key: 'name', label: 'Name', kind: 'text' },
      { key: 'code', label: 'Code', kind: 'text', width: '6rem' },
      { key: 'airport_id', label: 'Airport', kind: 'ref', options: refOptions(lists.airports, (a) => String(a.iata)) },
    ],
    newRow: (lists) => ({ name: '', code: '', airport_id: firstId(lists.airports) }),
    rowName: named,
  },
  {
    key: 'zones',
    title: 'Zones',
    noun: 'zone',
    columns: (lists) => [
      { key: 'name', label: 'Name', kind: 'text' },
      { key: 'kind', label: 'Kind', kind: 'select', options: ZONE_KINDS },
      { key: 'terminal_id', label: 'Terminal', kind: 'ref', options: refOptions(lists.terminals) },
      {
        key: 'queue_area_m2',
        label: 'Queue area (m²)',
        kind: 'number',
        optional: true,
        width: '7rem',
        help: "The zone's queuing area, for the simulation's space level of service, shared equally by the queues whose resources stand in it. Empty: the sum of its resources' queue areas.",
      },
    ],
    newRow: (lists) => ({ name: '', kind: 'checkin', terminal_id: firstId(lists.terminals) }),
    rowName: named,
  },
  {
    key: 'resources',
    title: 'Resources',
    noun: 'resource',
    columns: (lists) => [
      { key: 'name', label: 'Name', kind: 'text', width: '8rem' },
      { key: 'zone_id', label: 'Zone', kind: 'ref', options: refOptions(lists.zones) },
      { key: 'resource_type', label: 'Type', kind: 'select', options: RESOURCE_TYPES },
      {
        key: 'positions',
        label: 'Positions / lanes',
        kind: 'integer',
        width: '6rem',
        help: 'Make-up: segregations it holds at once. Security: parallel lanes, each serving at the mean service time (the simulation runs them as one queue). Check-in counters: 1.',
      },
      { key: 'service_mean_seconds', label: 'Mean service (s)', kind: 'number', optional: true, width: '7rem' },
      { key: 'service_cv', label: 'Service CV', kind: 'number', optional: true, width: '6rem' },
      {
        key: 'queue_area_m2',
        label: 'Queue area (m²)',
        kind: 'number',
        optional: true,
        width: '7rem',
        help: `The queuing area in front of it, for the simulation's space level of service (a security resource: of all its lanes). Empty: ${DEFAULT_AREAS}.`,
      },
      { key: 'display_order', label: 'Order', kind: 'integer', width: '5rem' },
    ],
    newRow: (lists) => ({ name: '', zone_id: firstId(lists.zones), resource_type: 'fullservice', positions: 1, display_order: 0 }),
    rowName: named,
  },
  {
    key: 'aircraft',
    title: 'Aircraft',
    noun: 'aircraft type',
    columns: () => [
      { key: 'iata', label: 'IATA', kind: 'text', upperCase: true, width: '5rem' },
      { key: 'icao', label: 'ICAO', kind: 'text', upperCase: true, width: '5rem' },
      { key: 'name', label: 'Name', kind: 'text' },
      { key: 'seats', label: 'Seats', kind: 'integer', width: '5rem' },
      { key: 'body', label: 'Body', kind: 'select', options: BODIES },
      { key: 'container_type', label: 'Container', kind: 'text', width: '7rem' },
    ],
    newRow: () => ({ iata: '', icao: '', name: '', seats: 150, body: 'narrow', container_type: 'bulk' }),
    rowName: (row) => String(row.iata),
  },
  {
    key: 'airlines',
    title: 'Airlines',
    noun: 'airline',
    columns: () => [
      { key: 'code', label: 'Code', kind: 'text', upperCase: true, width: '5rem' },
      { key: 'icao', label: 'ICAO', kind: 'text', upperCase: true, width: '5rem' },
      { key: 'name', label: 'Name', kind: 'text' },
    ],
    newRow: () => ({ code: '', icao: '', name: '' }),
    rowName: (row) => String(row.code),
  },
  {
    key: 'turnupProfiles',
    title: 'Turn-up profiles',
    noun: 'turn-up profile',
    columns: () => [
      { key: 'name', label: 'Name', kind: 'text', width: '10rem' },
      { key: 'bin_minutes', label: 'Bin (min)', kind: 'integer', width: '5rem' },
      { key: 'earliest_minutes', label: 'Earliest (min before STD)', kind: 'integer', width: '7rem' },
      { key: 'shares', label: 'Shares per bin (%)', kind: 'numbers' },
      { key: 'airline_code', label: 'Airline', kind: 'text', optional: true, upperCase: true, width: '5rem' },
      { key: 'sector', label: 'Sector', kind: 'select', options: SECTORS, optional: true },
    ],
    newRow: () => ({ name: '', bin_minutes: 10, earliest_minutes: 120, shares: [10, 15, 20, 20, 15, 10, 5, 5] }),
    rowName: named,
    validate: sharesMustTotal100('shares'),
  },
  {
    key: 'importRules',
    title: 'Flight import rules',
    noun: 'import rule',
    columns: (lists) => [
      ...ruleHead,
      ...matchColumns,
      { key: 'actions.zone_id', label: 'Check-in zone', kind: 'ref', options: refOptions(lists.zones), optional: true },
      { key: 'actions.makeup_zone_id', label: 'Make-up zone', kind: 'ref', options: refOptions(lists.zones), optional: true },
      { key: 'actions.terminal_id', label: 'Terminal', kind: 'ref', options: refOptions(lists.terminals), optional: true },
      { key: 'actions.load_factor', label: 'Load factor', kind: 'number', optional: true, width: '5rem' },
      { key: 'actions.turnup_profile_id', label: 'Turn-up profile', kind: 'ref', options: refOptions(lists.turnupProfiles), optional: true },
      { key: 'actions.sector', label: 'Set sector', kind: 'select', options: SECTORS, optional: true },
    ],
    newRow: () => ({ name: '', priority: 100, match: {}, actions: {} }),
    rowName: named,
  },
  {
    key: 'segregationRules',
    title: 'Segregation rules',
    noun: 'segregation rule',
    columns: () => [...ruleHead, ...matchColumns, { key: 'segregations', label: 'Segregations (name share %)', kind: 'shares' }],
    newRow: () => ({ name: '', priority: 100, match: {}, segregations: [{ name: 'Y', share: 100 }] }),
    rowName: named,
    validate: sharesMustTotal100('segregations'),
  },
  {
    key: 'bagsRules',
    title: 'Bag parameters',
    noun: 'bag rule',
    columns: () => [
      ...ruleHead,
      ...matchColumns,
      { key: 'match.segregation_names', label: 'Segregations', kind: 'list', optional: true, upperCase: true },
      { key: 'bags_per_passenger', label: 'Bags / pax', kind: 'number', width: '5rem' },
      { key: 'bags_per_container', label: 'Bags / container', kind: 'integer', width: '6rem' },
      { key: 'positions', label: 'Positions', kind: 'integer', width: '5rem' },
      { key: 'open_minutes', label: 'Opens (min before STD)', kind: 'integer', width: '6rem' },
      { key: 'close_minutes', label: 'Closes (min before STD)', kind: 'integer', width: '6rem' },
    ],
    newRow: () => ({ name: '', priority: 100, match: {}, bags_per_passenger: 1.2, bags_per_container: 40, positions: 1, open_minutes: 150, close_minutes: 40 }),
    rowName: named,
  },
];
