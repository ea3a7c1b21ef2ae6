// The `schedule` command line on a week-long season built from JFK's real design-day file: JSON on
// stdout only, exit code 1 with the field named on bad input, 2 on bad usage. One real process
// checks the wiring; the other cases call the command in-process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_PROCESS_MS } from '../../tests/support/waits';
import { jfkSeasonCsv } from '../../tests/support/seasonCsv';
import { runSchedule } from './schedule';

/** JFK, 2 to 8 January 2017: 292 departures on the 2nd, 20 fewer each day after. */
function weekFile(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'schedule-cli-')), 'jfk-week.csv');
  writeFileSync(path, jfkSeasonCsv(7, 20));
  return path;
}

const file = weekFile();

async function schedule(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runSchedule(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr, json: code === 0 ? JSON.parse(stdout) : null };
}

describe('npm run schedule', () => {
  it('design-day prints the chosen day as JSON and nothing else on stdout (a real process)', { timeout: COMMAND_PROCESS_MS }, () => {
    const cli = new URL('./schedule.ts', import.meta.url).pathname;
    const r = spawnSync(process.execPath, ['--import', 'tsx', cli, 'design-day', file, '--airport', 'JFK', '--rule', 'nth-busiest', '--n', '3'], {
      encoding: 'utf8',
    });
    // The real file's flights without a type get estimated seats, which the command says on stderr.
    expect(r.stderr).toMatch(/^warning: \d+ flights had no aircraft type and no seats .*: seats estimated/);
    expect(r.stderr.split('\n').every((line) => line === '' || line.startsWith('warning: '))).toBe(true);
    expect(r.status).toBe(0);
    const day = JSON.parse(r.stdout);
    expect(day).toMatchObject({ date: '2017-01-04', rule: 'nth-busiest', n: 3, departures: 252 });
    expect(Object.keys(day)).toEqual(['date', 'rule', 'n', 'departures', 'seats', 'passengers', 'why']);
  });

  it('design-day: the busiest day of the week is the real one', async () => {
    const { json } = await schedule('design-day', file, '--airport', 'jfk', '--rule', 'busiest');
    expect(json).toMatchObject({ date: '2017-01-02', departures: 292, rule: 'busiest' });
    expect(json.n).toBeUndefined();
  });

  it('peak-hour: rolling hours of the day in local time', async () => {
    const { json } = await schedule('peak-hour', file, '--airport', 'JFK', '--date', '2017-01-02');
    expect(json.departures).toEqual({ count: 36, start: '07:40' });
    expect(json.seats.start).toMatch(/^\d\d:\d\d$/);
    expect(json.passengers.count).toBeGreaterThan(0);
    expect(json.tphp.rule).toMatch(/^FAA typical peak hour passengers/);
  });

  it('grow: every flight kept, each airline grown by its factor', async () => {
    const { json } = await schedule('grow', file, '--airport', 'JFK', '--date', '2017-01-08', '--factor', '1.25', '--airline-factor', 'B6=1.4', '--seed', '7');
    const day = (await schedule('design-day', file, '--airport', 'JFK', '--rule', 'nth-busiest', '--n', '7')).json;
    expect(day.date).toBe('2017-01-08');
    const flights = json.flights as Array<{ airline: string; std: string; new: boolean }>;
    expect(flights.filter((f) => !f.new)).toHaveLength(day.departures);
    const b6 = flights.filter((f) => f.airline === 'B6');
    expect(b6.filter((f) => f.new)).toHaveLength(json.added_by_airline.B6);
    expect(b6.length).toBe(Math.floor(b6.filter((f) => !f.new).length * 1.4 + 0.5));
    const again = await schedule('grow', file, '--airport', 'JFK', '--date', '2017-01-08', '--factor', '1.25', '--airline-factor', 'B6=1.4', '--seed', '7');
    expect(again.stdout).toBe(JSON.stringify(json, null, 2) + '\n');
  });

  it('answers bad input with exit 1 naming the field, and bad usage with exit 2', async () => {
    const bad = [
      [
        ['design-day', file, '--airport', 'JFK', '--rule', 'loudest'],
        1,
        'error: rule: "loudest" is not one of busiest, nth-busiest, peak-month-average, average-week-peak\n',
      ],
      [['design-day', file, '--airport', 'JFK', '--rule', 'nth-busiest', '--n', '30'], 1, 'error: n: 30 is beyond the 7 days in the file\n'],
      [['design-day', file, '--airport', 'JFK', '--rule', 'nth-busiest', '--n', 'many'], 1, 'error: n: "many" is not a number\n'],
      [['peak-hour', file, '--airport', 'JFK', '--date', '2017-02-30'], 1, 'error: date: "2017-02-30" is not a date (YYYY-MM-DD)\n'],
      [
        ['peak-hour', file, '--airport', 'JFK', '--date', '2017-03-01'],
        1,
        'error: date: no departures at JFK on 2017-03-01 (the file covers 2017-01-02 to 2017-01-08)\n',
      ],
      [
        ['grow', file, '--airport', 'JFK', '--date', '2017-01-02', '--factor', '-1'],
        1,
        'error: factor: must be a number of at least 0 (0 removes the flights), not -1\n',
      ],
      [['peak-hour', file, '--airport', 'LHR', '--date', '2017-01-02'], 1, 'error: time-zone: no time zone known for LHR: give one (e.g. Europe/London)\n'],
    ] as const;
    for (const [args, code, message] of bad) {
      const r = await schedule(...args);
      const errors = r.stderr.replace(/^warning: .*\n/gm, '');
      expect([r.code, errors, r.stdout]).toEqual([code, message, '']);
    }
    for (const args of [
      ['design-day', file, '--airport', 'JFK'],
      ['busiest', file],
      ['peak-hour', file, '--airport', 'JFK', '--date'],
      ['grow', file, '--airport', 'JFK', '--date', '2017-01-02', '--factor', '2', '--n', '3'],
    ]) {
      const r = await schedule(...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/\nusage: npm run --silent schedule -- design-day FILE/);
      expect(r.stdout).toBe('');
    }
  });
});
