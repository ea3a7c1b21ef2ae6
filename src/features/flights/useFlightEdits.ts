// Cell edits of the flights grid saved in batches through PATCH flights/bulk/: passengers, the
// STD typed as local time, and any other field (an import field set by hand locks the flight, so
// the import rules keep it). A batch the server refuses is undone in the grid and its errors are
// named per flight; one refused because another planner changed some of its flights meanwhile shows
// their values and says what they changed, and the batch's other edits go again.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CellValueChangedEvent, GridApi, GridReadyEvent } from 'ag-grid-community';
import { isImportField } from '../../../common/rules/importFields';
import { api } from '../../api/client';
import { ApiError, unwrap } from '../../api/errors';
import { browserSchedule } from '../jobs/jobPolling';
import { parseLocalTime, toRow, type Flight, type FlightRow, type Lookups } from './flightRows';
import { createPatchBatcher, describeBulkErrors, type SaveState } from './patchBatcher';
import { describeChangedFlights } from './flightConflicts';
import { lastChanges } from '../../live/lastChange';

export function useFlightEdits(lookups: Lookups | undefined) {
  const gridApi = useRef<GridApi<FlightRow> | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [saveErrors, setSaveErrors] = useState<string[]>([]);

  const batcher = useMemo(() => {
    const replaceRows = (flights: Flight[]) => {
      if (!lookups) return;
      gridApi.current?.applyTransaction({ update: flights.map((f) => toRow(f, lookups)) });
    };
    const current = (id: number) => gridApi.current?.getRowNode(String(id))?.data;
    const name = (id: number) => {
      const row = current(id);
      return row ? `${row.airline_code} ${row.flight_number}` : `Flight ${id}`;
    };
    const batcher = createPatchBatcher({
      // Each change is made against the version of the flight the grid shows: a flight someone
      // else changed meanwhile refuses the batch (412) instead of being overwritten.
      send: async (items) => {
        replaceRows(await unwrap(api.PATCH('/api/flights/bulk/', { body: items.map((item) => ({ ...item, version: current(item.id)?.version })) })));
      },
      schedule: browserSchedule,
      onState: (state) => {
        setSaveState(state);
        if (state === 'saving') setSaveErrors([]);
      },
      onFailed: (items, previous, error) => {
        const reverted = items.flatMap((item) => {
          const row = current(item.id);
          return row ? [{ ...row, ...previous.get(item.id) } as Flight] : [];
        });
        replaceRows(reverted);
        if (error instanceof ApiError && Array.isArray(error.current)) {
          const theirs = error.current as Flight[];
          setSaveErrors(describeChangedFlights(theirs, current, name));
          // Then who changed them, once the History has said.
          const shownBefore = new Map(theirs.map((f) => [f.id, current(f.id)]));
          void lastChanges(theirs[0].scenario_id, 'flights', [...shownBefore.keys()]).then((changes) =>
            setSaveErrors(describeChangedFlights(theirs, (id) => shownBefore.get(id), name, changes)),
          );
          replaceRows(theirs);
          // Nothing of the batch was written: the edits of flights nobody else changed go again.
          const changed = new Set(theirs.map((f) => f.id));
          for (const { id, ...changes } of items) {
            if (changed.has(id)) continue;
            for (const [field, value] of Object.entries(changes)) batcher.add(id, field, value, previous.get(id)?.[field]);
          }
          return;
        }
        setSaveErrors(
          error instanceof ApiError && Object.keys(error.fields).length > 0
            ? describeBulkErrors(items, error.fields, name)
            : [error instanceof Error ? error.message : String(error)],
        );
      },
    });
    return batcher;
  }, [lookups]);

  useEffect(() => () => void batcher.flush(), [batcher]);

  const onEdit = useCallback(
    (event: CellValueChangedEvent<FlightRow>) => {
      const field = event.colDef.field;
      if (!field || !event.data || event.newValue === event.oldValue) return;
      if (field === 'passengers_shown') {
        const value = event.newValue === null || event.newValue === '' ? null : Number(event.newValue);
        batcher.add(event.data.id, 'passengers', value, event.data.passengers);
      } else if (field === 'std_local' && lookups) {
        const row = event.data;
        const scheduled = parseLocalTime(String(event.newValue ?? ''), lookups.timeZone, lookups.designDate, row.scheduled);
        if (scheduled === null) {
          // Nothing to save: the cell shows the STD again and the message says what to type.
          gridApi.current?.applyTransaction({ update: [toRow(row, lookups)] });
          setSaveErrors([
            `${row.airline_code} ${row.flight_number}, STD: "${String(event.newValue ?? '')}" is not a time; type HH:MM, with +1 for the next day`,
          ]);
        } else if (scheduled !== row.scheduled) {
          batcher.add(row.id, 'scheduled', scheduled, row.scheduled);
        }
      } else {
        batcher.add(event.data.id, field, event.newValue, event.oldValue);
        // Seats typed by the planner are no longer the import's estimate.
        if (field === 'seats' && event.data.seats_estimated) event.node.setDataValue('seats_estimated', false);
        // A value set by hand would be overwritten by the next run of the import rules: lock the
        // flight, which calls this again for 'locked'.
        if (isImportField(field) && !event.data.locked) event.node.setDataValue('locked', true);
      }
    },
    [batcher, lookups],
  );
  const onReady = useCallback((event: GridReadyEvent<FlightRow>) => {
    gridApi.current = event.api;
  }, []);

  return { saveState, saveErrors, onEdit, onReady };
}
