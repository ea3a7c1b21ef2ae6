// The flights grid (AG Grid, community): sort, filter and edit the selected scenario's flights.
// Cells are plain values (AG Grid virtualises rows and columns) apart from the light link to a
// flight's segregations. Edits go to the batcher; the screen applies saved and reverted rows.
import { memo, useMemo } from 'react';
import { Link } from 'wouter';
import type { CellValueChangedEvent, ColDef, GetRowIdParams, GridReadyEvent, ICellRendererParams } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { gridTheme } from '../../components/gridTheme';
import { allocationColumns } from './allocationColumns';
import type { FlightRow } from './flightRows';

type RefLists = {
  zones: { id: number; name: string }[];
  turnupProfiles: { id: number; name: string }[];
  aircraft: { id: number; iata: string }[];
};

type FlightsGridProps = {
  rows: FlightRow[];
  refs: RefLists;
  canEdit: boolean;
  onEdit: (event: CellValueChangedEvent<FlightRow>) => void;
  /** The rows the grid's filters let through, whenever they change. */
  onShown?: (rows: number) => void;
  onReady: (event: GridReadyEvent<FlightRow>) => void;
  /** Told when a cell editor opens and closes (the screen holds live reloads meanwhile). */
  onEditing?: (editing: boolean) => void;
};

const SegregationsLink = memo(function SegregationsLink({ data }: ICellRendererParams<FlightRow>) {
  if (!data) return null;
  return (
    <Link href={`/app/flight/${data.id}/segregations`} className="link" aria-label={`Segregations of ${data.airline_code} ${data.flight_number}`}>
      {data.segregation_count} segregation{data.segregation_count === 1 ? '' : 's'}
    </Link>
  );
});

/** A column choosing an id of another list: shows and filters by its name, edits with a select. */
function refColumn(field: keyof FlightRow, headerName: string, names: Map<number, string>, editable: boolean): ColDef<FlightRow> {
  const name = (id: unknown) => (typeof id === 'number' ? (names.get(id) ?? `#${id}`) : '');
  return {
    field,
    headerName,
    editable,
    valueFormatter: (p) => name(p.value),
    filterValueGetter: (p) => name(p.data?.[field]),
    comparator: (a, b) => name(a).localeCompare(name(b)),
    cellEditor: 'agSelectCellEditor',
    cellEditorParams: { values: [null, ...names.keys()] },
    width: 150,
  };
}

const byName = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));

export const FlightsGrid = memo(function FlightsGrid({ rows, refs, canEdit, onEdit, onReady, onShown, onEditing }: FlightsGridProps) {
  const columns = useMemo<ColDef<FlightRow>[]>(() => {
    const zones = byName(refs.zones);
    const profiles = byName(refs.turnupProfiles);
    const aircraft = new Map(refs.aircraft.map((a) => [a.id, a.iata]));
    return [
      { field: 'airline_code', headerName: 'Airline', width: 95, pinned: 'left' },
      { field: 'flight_number', headerName: 'Flight', width: 95, pinned: 'left', editable: canEdit },
      {
        field: 'locked',
        headerName: 'Locked',
        width: 90,
        pinned: 'left',
        editable: canEdit,
        cellDataType: 'boolean',
        headerTooltip: 'A locked flight keeps its own values when the import rules are applied. Editing a value the rules set locks it.',
      },
      { field: 'suffix', headerName: 'Suffix', width: 75, editable: canEdit },
      { field: 'direction', headerName: 'Dir.', width: 105 },
      { field: 'origin', headerName: 'Origin', width: 85 },
      { field: 'destination', headerName: 'Dest.', width: 90, editable: canEdit },
      {
        field: 'std_local',
        headerName: 'STD (local)',
        width: 130,
        sort: 'asc',
        comparator: (_a, _b, x, y) => (x.data?.scheduled ?? '').localeCompare(y.data?.scheduled ?? ''),
        editable: canEdit,
        headerTooltip: 'Local time HH:MM on the design day; add +1 for the next day',
      },
      refColumn('aircraft_id', 'Aircraft', aircraft, canEdit),
      {
        field: 'seats',
        headerName: 'Seats',
        width: 90,
        filter: 'agNumberColumnFilter',
        editable: canEdit,
        cellEditor: 'agNumberCellEditor',
        cellEditorParams: { min: 0, precision: 0 },
        cellClassRules: { 'cell--derived': (p) => !!p.data?.seats_estimated },
        tooltipValueGetter: (p) => (p.data?.seats_estimated ? 'Estimated on import: the schedule gave no aircraft type or seats' : undefined),
        headerTooltip: 'Grey: estimated on import (no aircraft type in the schedule); type a number to set it',
      },
      {
        field: 'load_factor',
        headerName: 'Load factor',
        width: 115,
        filter: 'agNumberColumnFilter',
        editable: canEdit,
        cellEditor: 'agNumberCellEditor',
        cellEditorParams: { precision: 3, step: 0.01 },
        valueFormatter: (p) => (typeof p.value === 'number' ? p.value.toFixed(2) : ''),
      },
      {
        field: 'passengers_shown',
        headerName: 'Pax',
        width: 90,
        filter: 'agNumberColumnFilter',
        editable: canEdit,
        cellEditor: 'agNumberCellEditor',
        cellEditorParams: { min: 0, precision: 0 },
        cellClassRules: { 'cell--derived': (p) => !!p.data?.passengers_derived },
        headerTooltip: 'Grey: seats x load factor; type a number to set it',
      },
      {
        field: 'sector',
        headerName: 'Sector',
        width: 125,
        editable: canEdit,
        cellEditor: 'agSelectCellEditor',
        cellEditorParams: { values: ['domestic', 'schengen', 'international'] },
      },
      refColumn('zone_id', 'Check-in zone', zones, canEdit),
      refColumn('makeup_zone_id', 'Make-up zone', zones, canEdit),
      refColumn('turnup_profile_id', 'Turn-up profile', profiles, canEdit),
      ...allocationColumns<FlightRow>(),
      { field: 'segregation_count', headerName: 'Segregations', width: 160, pinned: 'right', cellRenderer: SegregationsLink, filter: 'agNumberColumnFilter' },
    ];
  }, [refs, canEdit]);

  return (
    <div className="flights-grid" role="region" aria-label="Flights grid">
      <AgGridReact<FlightRow>
        theme={gridTheme}
        rowData={rows}
        columnDefs={columns}
        defaultColDef={{ sortable: true, filter: true, floatingFilter: true, resizable: true }}
        getRowId={(p: GetRowIdParams<FlightRow>) => String(p.data.id)}
        onCellValueChanged={onEdit}
        onGridReady={onReady}
        onCellEditingStarted={() => onEditing?.(true)}
        onCellEditingStopped={() => onEditing?.(false)}
        onModelUpdated={(e) => onShown?.(e.api.getDisplayedRowCount())}
        singleClickEdit={false}
        stopEditingWhenCellsLoseFocus
        animateRows={false}
      />
    </div>
  );
});
