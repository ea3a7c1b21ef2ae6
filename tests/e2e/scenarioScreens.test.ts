// End to end in a real Chromium against the real server (issue 3's screens): a new planner
// creates a project, a scenario with its design date and airport, imports the JFK design-day
// schedule through the UI, sees the 292 flights, edits a load factor and finds it kept after a
// reload; on the demo scenario the rule jobs succeed in the jobs panel and the segregations
// editor saves a change.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, screenshot, selectDemoScenario, signInThroughUi } from '../support/browser';
import { pagePerTest } from '../support/browserSuite';
import { serverApi, signInToServer, type TestServer } from '../support/testServer';
import { sharedDataPath } from '../support/sharedData';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';
import { JOBS_MS } from '../support/waits';

const PASSWORD = 'e2e-password-1';
const SCHEDULE = sharedDataPath('schedules', 'jfk_2017-01-02_departures.csv');

let server: TestServer;
let page: Page;

const signIn = (email: string, password: string) => signInThroughUi(page, email, password);

/** A cell of the flights grid by row position (sorted by STD) and column. */
const gridCell = (row: number, column: string) => page.locator(`.ag-row[row-index="${row}"] [col-id="${column}"]`);

/** Types a value into a grid cell as a planner does: double-click, type, Enter. */
async function editCell(row: number, column: string, value: string): Promise<void> {
  await gridCell(row, column).dblclick();
  await gridCell(row, column).locator('input').fill(value);
  await gridCell(row, column).locator('input').press('Enter');
}

const selectDemo = () => selectDemoScenario(page);

describe.skipIf(!chromiumAvailable)('the projects, configuration and flights screens in a real browser', { timeout: JOBS_MS }, () => {
  pagePerTest((opened) => {
    ({ server, page } = opened);
  });

  it('creates a project and scenario, imports a schedule, edits a flight and keeps the edit after a reload', async () => {
    await server.createUser('importer@e2e.example.com', PASSWORD);
    await signIn('importer@e2e.example.com', PASSWORD);

    await page.getByRole('button', { name: '+ New project' }).click();
    await page.getByLabel('Name, new row').fill('Kennedy study');
    await page.getByLabel('Description, new row').fill('Design day from the 2017 departures');
    await page.getByRole('button', { name: 'Save new row' }).click();
    await page.getByLabel('Name, Kennedy study').waitFor();
    expect(await page.getByRole('table', { name: 'Projects' }).getByText('Owner').count()).toBe(1);
    await screenshot(page, '20-projects');

    await page.getByRole('link', { name: 'Open Kennedy study' }).click();
    await page.getByRole('heading', { name: 'Project configuration' }).waitFor();
    await page.getByRole('button', { name: '+ New scenario' }).click();
    await page.getByLabel('Scenario, new row').fill('Design day');
    await page.getByLabel('Design date, new row').fill('2017-01-02');
    await page.getByRole('button', { name: 'Save new row' }).click();
    // The first scenario of the project becomes the selected one, shown in the title bar.
    const banner = page.getByRole('banner');
    await banner.getByText('Design day').waitFor();
    expect(await banner.textContent()).toContain('Kennedy study');
    expect(await page.title()).toBe('Airport Planner · Kennedy study · Design day');

    await page.getByRole('tab', { name: /Airports/ }).click();
    await page.getByRole('button', { name: '+ Add airport' }).click();
    await page.getByLabel('IATA, new row').fill('jfk');
    await page.getByLabel('Name, new row').fill('John F Kennedy International');
    await page.getByLabel('Time zone, new row').selectOption('America/New_York');
    await page.getByRole('button', { name: 'Save new row' }).click();
    await page.getByLabel('Name, JFK').waitFor();
    await screenshot(page, '21-project-configuration');

    await page.goto('/app/allocation/flight');
    await page.getByRole('heading', { name: 'Baggage flights' }).waitFor();
    await page.getByText('This scenario has no flights yet').waitFor();
    await page.getByRole('button', { name: 'Import schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import schedule' });
    await dialog.getByLabel('Schedule file').setInputFiles(SCHEDULE);
    await screenshot(page, '22-import-dialog');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByText('Imported 292 flights.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByText('292 flights').waitFor();
    await gridCell(0, 'load_factor').waitFor();
    expect(await gridCell(0, 'std_local').textContent()).toBe('05:05');
    const flight = `${await gridCell(0, 'airline_code').textContent()} ${await gridCell(0, 'flight_number').textContent()}`;
    expect(flight).toBe('B6 1983');
    await screenshot(page, '23-flights-grid');
    // The count follows the grid's filters.
    const airlineFilter = page.locator('.ag-floating-filter[aria-colindex="1"] input');
    await airlineFilter.fill('AA');
    await page.getByText(/^\d+ of 292 flights shown$/).waitFor();
    await airlineFilter.fill('');
    await page.getByText('292 flights', { exact: true }).waitFor();

    await editCell(0, 'load_factor', '0.72');
    await page.getByRole('status').getByText('All changes saved').waitFor();

    await page.reload();
    await gridCell(0, 'load_factor').waitFor();
    expect(`${await gridCell(0, 'airline_code').textContent()} ${await gridCell(0, 'flight_number').textContent()}`).toBe('B6 1983');
    expect(await gridCell(0, 'load_factor').textContent()).toBe('0.72');
    // A value the import rules set, typed by hand, locks the flight so the rules keep it.
    expect(await gridCell(0, 'locked').locator('input[type="checkbox"]').isChecked()).toBe(true);
    expect(await gridCell(1, 'locked').locator('input[type="checkbox"]').isChecked()).toBe(false);

    // STD is typed in local time; the flight keeps its place first in STD order.
    await editCell(0, 'std_local', '04:50');
    await page.getByRole('status').getByText('All changes saved').waitFor();
    await page.reload();
    await gridCell(0, 'std_local').waitFor();
    expect(
      `${await gridCell(0, 'airline_code').textContent()} ${await gridCell(0, 'flight_number').textContent()} ${await gridCell(0, 'std_local').textContent()}`,
    ).toBe('B6 1983 04:50');
  });

  it('refuses a bad load factor: the cell goes back and the message says why', async () => {
    await signIn(DEMO_EMAIL, DEMO_PASSWORD);
    await selectDemo();
    await page.goto('/app/allocation/flight');
    await gridCell(0, 'load_factor').waitFor();
    const before = await gridCell(0, 'load_factor').textContent();
    await editCell(0, 'load_factor', '3');
    await page
      .getByRole('alert')
      .getByText(/B6 1983, load factor: Must be from 0 to 1/)
      .waitFor();
    expect(await gridCell(0, 'load_factor').textContent()).toBe(before);
    await screenshot(page, '24-flights-refused-edit');

    await editCell(0, 'std_local', '25:00');
    await page
      .getByRole('alert')
      .getByText(/B6 1983, STD: "25:00" is not a time/)
      .waitFor();
    expect(await gridCell(0, 'std_local').textContent()).toBe('05:05');
  });

  it("holds another planner's change of a flight while a cell is open, then tells which flight they changed and what, shows their values, and saves the change made again", async () => {
    await signIn(DEMO_EMAIL, DEMO_PASSWORD);
    await selectDemo();
    await page.goto('/app/allocation/flight');
    await gridCell(0, 'load_factor').waitFor();
    const id = Number(await page.locator('.ag-row[row-index="0"]').first().getAttribute('row-id'));
    // The planner opens the cell; meanwhile another planner changes the same flight, which this
    // grid holds back until the cell is closed.
    await gridCell(0, 'load_factor').dblclick();
    const colleague = serverApi(server.baseUrl, await signInToServer(server.baseUrl));
    await colleague('PATCH', `flights/${id}/`, { load_factor: 0.61 });
    await page.getByRole('status').getByText('Changed by someone else: shown once you finish').waitFor();

    await gridCell(0, 'load_factor').locator('input').fill('0.7');
    await gridCell(0, 'load_factor').locator('input').press('Enter');
    const told = page
      .getByRole('alert')
      .getByText(/B6 1983 was changed by Demo Planner at \d\d:\d\d( [AP]M)? since you opened it: load factor 0\.85 → 0\.61\./);
    await told.waitFor();
    await expect.poll(() => gridCell(0, 'load_factor').textContent()).toBe('0.61');
    await screenshot(page, '25-flights-changed-meanwhile');

    // Made again, against their version, the change is saved over theirs by choice.
    await editCell(0, 'load_factor', '0.7');
    await page.getByRole('status').getByText('All changes saved').waitFor();
    expect(await colleague<{ load_factor: number }>('GET', `flights/${id}/`)).toMatchObject({ load_factor: 0.7 });
  });

  it('runs the rule jobs on the demo scenario and shows them succeed in the jobs panel', async () => {
    await signIn(DEMO_EMAIL, DEMO_PASSWORD);
    await selectDemo();
    await page.goto('/app/allocation/flight');
    await gridCell(0, 'load_factor').waitFor();
    const jobs = page.getByRole('list', { name: 'Scenario jobs' });
    await page.getByRole('button', { name: 'Apply import rules' }).click();
    await jobs.getByRole('listitem', { name: 'Apply import rules succeeded' }).waitFor();
    await page.getByRole('button', { name: 'Generate segregations' }).click();
    await jobs.getByRole('listitem', { name: 'Generate segregations succeeded' }).waitFor();
    expect(await jobs.getByRole('listitem', { name: 'Generate segregations succeeded' }).textContent()).toMatch(
      /\d+ segregations for \d+ departures · [\d,]+ bags/,
    );
    await screenshot(page, '25-jobs-panel');
  });

  it('edits a flight segregation and keeps it after a reload', async () => {
    await signIn(DEMO_EMAIL, DEMO_PASSWORD);
    await selectDemo();
    await page.getByRole('tab', { name: /Turn-up profiles/ }).click();
    const shares = page.getByLabel('Shares per bin (%), Short haul');
    await shares.fill('50, 40');
    await page.getByRole('figure', { name: 'Turn-up profile Short haul' }).getByText('Shares total 90 %; they must total 100 % (10 % missing).').waitFor();
    await page.getByRole('button', { name: 'Save Short haul' }).click();
    await page.getByRole('table', { name: 'Turn-up profiles' }).getByText('Shares total 90 %; they must total 100 % (10 % missing).').waitFor();
    await screenshot(page, '26-turnup-profile-rule');

    await page.goto('/app/allocation/flight');
    await gridCell(0, 'segregation_count').waitFor();
    await gridCell(0, 'segregation_count').getByRole('link').click();
    await page.getByRole('heading', { name: 'Flight segregations' }).waitFor();
    expect(await page.getByRole('definition').first().textContent()).toBe('B6 1983');
    const bags = page.getByLabel('Bags, Y');
    await bags.fill('140');
    await page.getByRole('button', { name: 'Save Y' }).click();
    await page.getByRole('button', { name: 'Save Y' }).waitFor({ state: 'detached' });
    await page.getByText('Shares total 100 %.').waitFor();
    await screenshot(page, '27-segregations-editor');
    await page.reload();
    await page.getByLabel('Bags, Y').waitFor();
    expect(await page.getByLabel('Bags, Y').inputValue()).toBe('140');
  });
});
