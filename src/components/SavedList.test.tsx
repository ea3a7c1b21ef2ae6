// A saved item is deleted only after the planner confirms: Cancel keeps it, the dialog's button
// deletes that item and no other; Open opens it at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SavedList } from './SavedList';

afterEach(cleanup);

const items = [
  { id: 4, name: 'Base case', createdAt: '2026-11-20T09:30:00Z' },
  { id: 9, name: 'Growth 2035', createdAt: '2026-11-21T10:00:00Z' },
];

describe('a list of saved items', () => {
  it('asks before deleting, and deletes only the item confirmed', async () => {
    const onDelete = vi.fn();
    const onOpen = vi.fn();
    render(<SavedList items={items} noun="run" busy={false} onOpen={onOpen} onDelete={onDelete} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Growth 2035' }));
    expect(screen.getByRole('dialog', { name: 'Delete the saved run “Growth 2035”?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete Growth 2035' }));
    await user.click(screen.getByRole('button', { name: 'Delete run' }));
    expect(onDelete).toHaveBeenCalledWith(9);
    expect(onDelete).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Open Base case' }));
    expect(onOpen).toHaveBeenCalledWith(4);
  });
});
