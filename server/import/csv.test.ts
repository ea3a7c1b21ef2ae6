import { describe, expect, it } from 'vitest';
import { parseScheduleCsv, splitCsv } from './csv';
import { parseClockTime } from './scheduleTable';
import { readSharedText } from '../../tests/support/sharedData';

const JFK = readSharedText('schedules', 'jfk_2017-01-02_departures.csv');
const NY = { from: '2017-01-02', to: '2017-01-02', airport: 'JFK', timeZone: 'America/New_York' };

describe('the JFK demo schedule', () => {
  const result = parseScheduleCsv(JFK, NY);

  it('gives its 292 departures on 2017-01-02 without errors', () => {
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.flights).toHaveLength(292);
    expect(result.period).toEqual({ from: '2017-01-02', to: '2017-01-02' });
    expect(new Set(result.flights.map((f) => `${f.direction} ${f.origin} ${f.date_local}`))).toEqual(new Set(['departure JFK 2017-01-02']));
  });

  it('converts the local scheduled departure (HMM) to UTC and keeps carrier, number, destination and seats', () => {
    expect(result.flights[0]).toEqual({
      line: 2,
      airline: 'B6',
      flight_number: '1983',
      suffix: '',
      direction: 'departure',
      origin: 'JFK',
      destination: 'MCO',
      scheduled: '2017-01-02T10:05:00Z',
      date_local: '2017-01-02',
      aircraft_type: '',
      seats: null,
    });
    expect(result.flights[1]).toMatchObject({ flight_number: '901', destination: 'FLL', scheduled: '2017-01-02T10:20:00Z', seats: 200 });
    // 23:59 local is already the next day in UTC, still the 2nd at JFK.
    expect(result.flights.at(-1)).toMatchObject({ line: 293, scheduled: '2017-01-03T04:59:00Z', date_local: '2017-01-02' });
  });

  it('skips, with a warning, rows outside the requested dates', () => {
    const other = parseScheduleCsv(JFK, { ...NY, from: '2017-01-03', to: '2017-01-03' });
    expect(other.flights).toEqual([]);
    expect(other.warnings).toEqual([{ line: 0, message: '292 rows (lines 2, 3, 4, 5, 6, ...) are outside 2017-01-03..2017-01-03; skipped' }]);
    expect(other.period).toEqual({ from: '2017-01-02', to: '2017-01-02' });
  });
});

describe('columns', () => {
  it('matches aliases case-insensitively, with spaces for underscores', () => {
    const text = [
      'Carrier,Flight No,Suffix,Dest,STD,Flight Date,AIRCRAFT,Seats,LF,Pax,Sector,Service Type',
      'ba,117,a,jfk,09:40,2020-07-01,77w,220,85%,187,International,j',
    ].join('\n');
    const result = parseScheduleCsv(text, { from: '2020-07-01', to: '2020-07-01', airport: 'LHR', timeZone: 'Europe/London' });
    expect(result.errors).toEqual([]);
    expect(result.flights).toEqual([
      {
        line: 2,
        airline: 'BA',
        flight_number: '117',
        suffix: 'A',
        direction: 'departure',
        origin: 'LHR',
        destination: 'JFK',
        scheduled: '2020-07-01T08:40:00Z',
        date_local: '2020-07-01',
        aircraft_type: '77W',
        seats: 220,
        load_factor: 0.85,
        passengers: 187,
        sector: 'international',
        service_type: 'J',
      },
    ]);
  });

  it('takes STD for departures and STA for arrivals, by the direction column', () => {
    const text = [
      'airline,flight_number,direction,origin,destination,date,std,sta',
      'AF,1234,D,CDG,ALC,2020-11-02,18:45,',
      'AF,1235,arrival,ALC,CDG,2020-11-02,,2300',
    ].join('\r\n');
    const result = parseScheduleCsv(text, { from: '2020-11-02', to: '2020-11-02', airport: 'CDG', timeZone: 'Europe/Paris' });
    expect(result.flights.map((f) => `${f.direction} ${f.flight_number} ${f.origin}-${f.destination} ${f.scheduled}`)).toEqual([
      'departure 1234 CDG-ALC 2020-11-02T17:45:00Z',
      'arrival 1235 ALC-CDG 2020-11-02T22:00:00Z',
    ]);
  });

  it('infers the direction from which station is the airport, skipping rows of other airports', () => {
    const text = ['carrier,flight,origin,dest,date,time', 'DL,1,JFK,LAX,2017-01-02,0800', 'DL,2,LAX,JFK,2017-01-02,1600', 'DL,3,LAX,SFO,2017-01-02,1700'].join(
      '\n',
    );
    const result = parseScheduleCsv(text, NY);
    expect(result.flights.map((f) => `${f.direction} ${f.flight_number} ${f.scheduled}`)).toEqual([
      'departure 1 2017-01-02T13:00:00Z',
      'arrival 2 2017-01-02T21:00:00Z',
    ]);
    expect(result.warnings).toEqual([{ line: 0, message: '1 rows (lines 4) neither depart from nor arrive at JFK; skipped' }]);
  });

  it('reads a designator inside the flight column when there is no airline column', () => {
    const text = 'flight,dest,date,time\n"BA 117A",JFK,2020-01-10,0940\n9E3456,BOS,2020-01-10,10:00';
    const result = parseScheduleCsv(text, { from: '2020-01-10', to: '2020-01-10', airport: 'LHR', timeZone: 'Europe/London' });
    expect(result.flights.map((f) => [f.airline, f.flight_number, f.suffix])).toEqual([
      ['BA', '117', 'A'],
      ['9E', '3456', ''],
    ]);
  });

  it('treats a file without dates as the single requested day, and refuses it for a period', () => {
    const text = 'airline,flight,dest,std\nB6,0042,BOS,07:00';
    const day = parseScheduleCsv(text, NY);
    expect(day.flights.map((f) => [f.flight_number, f.scheduled])).toEqual([['42', '2017-01-02T12:00:00Z']]);
    expect(day.warnings).toEqual([{ line: 0, message: 'no date column: every row is a flight on 2017-01-02' }]);
    const period = parseScheduleCsv(text, { ...NY, to: '2017-01-08' });
    expect(period.errors).toEqual([{ line: 1, message: expect.stringContaining('line 1: no date column') }]);
  });

  it('reports missing and duplicate columns on the header line', () => {
    const result = parseScheduleCsv('carrier,airline,origin,date\nB6,B6,JFK,2017-01-02', NY);
    expect(result.errors.map((e) => e.message)).toEqual([
      'line 1: columns "carrier" and "airline" both give the airline',
      'line 1: no flight number column (flight_number, flight, flight_no, flightno, flt)',
      'line 1: no time column (time, scheduled, scheduled_time, sched_time, std, sched_dep_time, departure_time, scheduled_departure, sta, sched_arr_time, arrival_time, scheduled_arrival)',
    ]);
  });

  it('reads times as UTC, with a warning, when no time zone is given', () => {
    const result = parseScheduleCsv('airline,flight,origin,dest,date,time\nB6,1,JFK,BOS,2017-01-02,0505', { from: '2017-01-02', to: '2017-01-02' });
    expect(result.flights[0].scheduled).toBe('2017-01-02T05:05:00Z');
    expect(result.warnings.map((w) => w.message)).toEqual(['no time zone given: times are read as UTC']);
  });
});

describe('bad rows', () => {
  it('reports every bad line with the column and value, and imports nothing', () => {
    const text = [
      'airline,flight,direction,origin,dest,date,std,seats,load_factor,sector',
      'B6,1983,,JFK,MCO,2017-01-02,0505,150,0.8,domestic',
      'B,1984,,JFK,MCO,2017-01-02,2561,150,,',
      'B6,1985,up,JFK,MCO,2017-02-30,0600,many,85,domestique',
      'B6,,,JFK,,2017-01-02,0700,,,',
    ].join('\n');
    const result = parseScheduleCsv(text, NY);
    expect(result.flights).toEqual([]);
    expect(result.errors).toEqual([
      { line: 3, message: 'line 3: airline "B" is not an airline code' },
      { line: 3, message: 'line 3: std "2561" is not a time (HH:MM or HHMM)' },
      { line: 4, message: 'line 4: direction "up" is not departure or arrival' },
      { line: 4, message: 'line 4: date "2017-02-30" is not a date (YYYY-MM-DD)' },
      { line: 4, message: 'line 4: seats "many" is not a whole number' },
      { line: 4, message: 'line 4: load_factor "85" is not a load factor from 0 to 1 (or a percentage such as 85%)' },
      { line: 4, message: 'line 4: sector "domestique" is not domestic, schengen or international' },
      { line: 5, message: 'line 5: flight number is missing' },
      { line: 5, message: 'line 5: destination is missing' },
    ]);
  });

  it('reports a bad year/month/day date', () => {
    const text = JFK.split('\n').slice(0, 3).join('\n').replace('2017,1,2,511', '2017,2,30,511');
    expect(parseScheduleCsv(text, NY).errors).toEqual([{ line: 3, message: 'line 3: year/month/day "2017/2/30" is not a date' }]);
  });

  it('reports an unterminated quote at the line it opens', () => {
    expect(parseScheduleCsv('airline,flight\nB6,"12\nB6,13\n', NY).errors).toEqual([{ line: 2, message: 'line 2: a quoted field is never closed' }]);
  });
});

describe('splitCsv', () => {
  it('follows RFC 4180 quoting and keeps the line each record starts on', () => {
    const { rows } = splitCsv('\uFEFFa,b,c\r\n"x, y","say ""hi""","two\nlines"\r\n,,\nlast,row');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'say "hi"', 'two\nlines'] },
      { line: 4, cells: ['', '', ''] },
      { line: 5, cells: ['last', 'row'] },
    ]);
  });

  it('uses semicolons or tabs when the header does', () => {
    expect(splitCsv('a;b\n"1,5";2').rows[1].cells).toEqual(['1,5', '2']);
    expect(splitCsv('a\tb\n1\t2').rows[1].cells).toEqual(['1', '2']);
  });
});

describe('parseClockTime', () => {
  it('reads HH:MM, HHMM and the BTS HMM form', () => {
    expect([parseClockTime('05:05'), parseClockTime('5:05'), parseClockTime('0505'), parseClockTime('505'), parseClockTime('5')]).toEqual([
      305, 305, 305, 305, 5,
    ]);
    expect([parseClockTime('2359'), parseClockTime('23:59:00')]).toEqual([1439, 1439]);
    expect([parseClockTime('2400'), parseClockTime('1260'), parseClockTime('7.30'), parseClockTime('')]).toEqual([null, null, null, null]);
  });
});
