// The user directory as an AG Grid: sort and filter by e-mail, name and status, with each row's
// actions (deactivate or reactivate, make or remove staff, reset 2FA) at its end. The signed-in
// staff member's own row offers no action that would lock them out.
import { memo, useMemo } from 'react';
import type { ColDef, GetRowIdParams, ICellRendererParams } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import type { User } from '../../auth/user';
import { gridTheme } from '../../components/gridTheme';
import { USER_ACTIONS, type UserAction } from './userActions';

type GridContext = { meId: number; onAction: (user: User, action: UserAction) => void };

const yesNo = (value: boolean | undefined) => (value ? 'Yes' : 'No');

const UserActionsCell = memo(function UserActionsCell({ data, context }: ICellRendererParams<User, unknown, GridContext>) {
  if (!data) return null;
  const actions = USER_ACTIONS.filter((action) => action.offered(data, context.meId));
  return (
    <div className="grid-actions">
      {actions.map((action) => (
        <button
          key={action.key}
          type="button"
          className={`button button--small button--text${action.danger ? ' button--danger-text' : ''}`}
          aria-label={`${action.label} ${data.email}`}
          onClick={() => context.onAction(data, action)}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
});

const COLUMNS: ColDef<User>[] = [
  { field: 'email', headerName: 'E-mail', flex: 2, minWidth: 200, sort: 'asc' },
  { colId: 'name', headerName: 'Name', flex: 1.5, minWidth: 140, valueGetter: (p) => `${p.data?.first_name ?? ''} ${p.data?.last_name ?? ''}`.trim() },
  // Words rather than AG Grid's checkboxes, so the states read, sort and filter as text.
  { colId: 'staff', headerName: 'Staff', width: 95, valueGetter: (p) => yesNo(p.data?.is_staff) },
  { colId: 'active', headerName: 'Active', width: 100, valueGetter: (p) => yesNo(p.data?.is_active) },
  { colId: 'otp', headerName: '2FA', width: 90, valueGetter: (p) => (p.data?.otp_enabled ? 'On' : 'Off') },
  {
    colId: 'actions',
    headerName: 'Actions',
    width: 300,
    sortable: false,
    filter: false,
    // The states the buttons depend on, so the grid redraws the cell when one of them changes.
    valueGetter: (p) => `${p.data?.is_staff}/${p.data?.is_active}/${p.data?.otp_enabled}`,
    cellRenderer: UserActionsCell,
  },
];

type UsersGridProps = GridContext & { users: User[] };

export const UsersGrid = memo(function UsersGrid({ users, meId, onAction }: UsersGridProps) {
  const context = useMemo<GridContext>(() => ({ meId, onAction }), [meId, onAction]);
  return (
    <div role="region" aria-label="Users grid">
      <AgGridReact<User>
        theme={gridTheme}
        rowData={users}
        columnDefs={COLUMNS}
        context={context}
        defaultColDef={{ sortable: true, filter: true, resizable: true }}
        getRowId={(p: GetRowIdParams<User>) => String(p.data.id)}
        domLayout="autoHeight"
        suppressColumnVirtualisation
        animateRows={false}
      />
    </div>
  );
});
