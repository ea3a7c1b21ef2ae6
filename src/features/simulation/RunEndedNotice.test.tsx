import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RunEndedNotice } from './RunEndedNotice';

afterEach(cleanup);

describe('RunEndedNotice', () => {
  it('says that the run was cancelled, without an alert', () => {
    render(<RunEndedNotice ended={{ status: 'cancelled', scenarioId: 1 }} what="sizing" document="the airport document" />);
    expect(screen.getByText('The sizing was cancelled.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("alerts with the engine's words and the field they name, in the document the planner can open", () => {
    render(
      <RunEndedNotice
        ended={{ status: 'failed', scenarioId: 1, message: 'servers must be at least 1', field: 'resources[3].servers' }}
        what="simulation"
        document="the exported document"
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('The simulation could not run. servers must be at least 1Field: resources[3].servers of the exported document.');
    expect(alert.querySelector('code')?.textContent).toBe('resources[3].servers');
  });

  it('names no field when the failure has none', () => {
    render(
      <RunEndedNotice ended={{ status: 'failed', scenarioId: 1, message: 'out of memory', field: '' }} what="simulation" document="the exported document" />,
    );
    expect(screen.getByRole('alert').textContent).toBe('The simulation could not run. out of memory');
  });
});
