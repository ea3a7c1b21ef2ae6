import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSsim, seatsOfConfiguration } from './ssim';
import type { ImportedFlight } from './types';
import { sharedDataPath } from '../../tests/support/sharedData';

const DIR = sharedDataPath('ssim');
const sample = (name: string) => readFileSync(`${DIR}/${name}`, 'utf8');

/** The sample with column 36 (frequency rate) blanked, as the ssimparser oracle reads it. */
function weekly(text: string): string {
  return text.replace(/^(3.{34}).(.*)$/gm, '$1 $2');
}

/** Rows of a reference CSV as objects (the reference files quote every text field, no commas inside). */
function expected(name: string): Record<string, string>[] {
  const [head, ...rows] = readFileSync(`${DIR}/expected/${name}`, 'utf8').trim().split('\n');
  const names = head.split(',').map((n) => n.replace(/"/g, ''));
  return rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [names[i], v.replace(/"/g, '')])));
}

/** A 200-character record from 1-based column positions. */
function record(fields: [number, string][]): string {
  const chars = Array<string>(200).fill(' ');
  for (const [at, text] of fields) [...text].forEach((c, i) => (chars[at - 1 + i] = c));
  return chars.join('');
}

const HEADER = record([
  [1, '1AIRLINE STANDARD SCHEDULE DATA SET'],
  [195, '000001'],
]);
const carrier = (mode: 'U' | 'L', airline = 'ZZ') =>
  record([
    [1, `2${mode}${airline}`],
    [11, 'S20'],
    [15, '01JAN2031DEC20'],
    [195, '000002'],
  ]);

type LegFields = {
  flight?: string;
  leg?: string;
  from?: string;
  to?: string;
  days?: string;
  freq?: string;
  dep?: string;
  std?: string;
  depOffset?: string;
  arr?: string;
  sta?: string;
  arrOffset?: string;
  config?: string;
  variation?: string;
  suffix?: string;
};
function leg(f: LegFields): string {
  return record([
    [1, '3'],
    [2, f.suffix ?? ' '],
    [3, 'ZZ '],
    [6, (f.flight ?? '1').padStart(4)],
    [10, '01'],
    [12, f.leg ?? '01'],
    [14, 'J'],
    [15, f.from ?? '02NOV20'],
    [22, f.to ?? '02NOV20'],
    [29, f.days ?? '1234567'],
    [36, f.freq ?? ' '],
    [37, f.dep ?? 'JFK'],
    [40, f.std ?? '2330'],
    [44, f.std ?? '2330'],
    [48, f.depOffset ?? '-0500'],
    [55, f.arr ?? 'LHR'],
    [58, f.sta ?? '1130'],
    [62, f.sta ?? '1130'],
    [66, f.arrOffset ?? '+0000'],
    [73, '77W'],
    [173, f.config ?? 'J42W24Y280'],
    [193, f.variation ?? '01'],
    [195, '000003'],
  ]);
}
const file = (...records: string[]) => records.join('\n') + '\n';
const brief = (f: ImportedFlight) => `${f.direction} ${f.airline}${f.flight_number} ${f.origin}-${f.destination} ${f.scheduled} ${f.date_local}`;

describe('the shared SSIM samples', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.ssim'));

  it.each(files)('%s parses without errors and yields flights', (name) => {
    const result = parseSsim(sample(name), { from: '2018-01-01', to: '2020-12-31' });
    expect(result.errors).toEqual([]);
    expect(result.flights.length).toBeGreaterThan(0);
    expect(result.period).not.toBeNull();
  });

  it('finds all eight samples', () => {
    expect(files).toHaveLength(8);
  });
});

describe('ssimparser samples against the ssimparser reference output', () => {
  it('gives the reference flights per date for November and December 2020 (two_months_flights.csv)', () => {
    const options = { from: '2020-11-01', to: '2020-12-31' };
    const flights = [
      ...parseSsim(weekly(sample('ssimparser_sample_nov2020.ssim')), options).flights,
      ...parseSsim(weekly(sample('ssimparser_sample_dec2020.ssim')), options).flights,
    ];
    const perDate = new Map<string, number>();
    for (const f of flights) perDate.set(f.date_local, (perDate.get(f.date_local) ?? 0) + 1);
    const reference = new Map(expected('two_months_flights.csv').map((r) => [r.flight_date, Number(r.total_flights)]));
    expect(reference.size).toBe(61);
    expect(Object.fromEntries(perDate)).toEqual(Object.fromEntries(reference));
  });

  it('gives the reference dated flights of the three files of flights_from_filesystem.csv, with UTC STD and STA', () => {
    // ssimparser lets each newer file replace the older ones from its validity start:
    // fs1 covers 4-6 Nov, fs2 7-9 Nov, fs3 10 Nov-10 Dec.
    const slices: [string, string, string][] = [
      ['ssimparser_sample_fs1.ssim', '2020-11-04', '2020-11-06'],
      ['ssimparser_sample_fs2.ssim', '2020-11-07', '2020-11-09'],
      ['ssimparser_sample_fs3.ssim', '2020-11-10', '2020-12-10'],
    ];
    const ours: string[] = [];
    for (const [name, from, to] of slices) {
      const text = weekly(sample(name));
      const departures = parseSsim(text, { from, to, airport: 'CDG' }).flights;
      const arrivals = new Map(parseSsim(text, { from, to, airport: 'ALC' }).flights.map((f) => [`${f.line} ${f.date_local}`, f]));
      for (const d of departures) {
        const a = arrivals.get(`${d.line} ${d.date_local}`)!;
        ours.push(`${d.airline} ${d.flight_number} ${d.origin} ${d.destination} ${d.scheduled} ${a.scheduled}`);
      }
    }
    const reference = expected('flights_from_filesystem.csv').map((r) => {
      const std = Date.parse(r.std_utc);
      const sta = Date.parse(r['flight.flight_date']) + Date.parse(r.sta_utc) - std;
      return `${r.iata_airline} ${r.flight_number} ${r.adep_iata} ${r.ades_iata} ${r['flight.flight_date']} ${new Date(sta).toISOString().replace('.000Z', 'Z')}`;
    });
    expect(reference).toHaveLength(51);
    expect(ours.sort()).toEqual(reference.sort());
  });

  it('reads the legs of the W20 sample as in schedules.csv', () => {
    const flights = parseSsim(sample('ssimparser_sample_W20_default.ssim'), { from: '2020-11-01', to: '2020-11-01' }).flights;
    const reference = expected('schedules.csv');
    expect(flights.map((f) => `${f.airline}${f.flight_number} ${f.origin}-${f.destination} ${f.scheduled}`).sort()).toEqual(
      reference.map((r) => `${r.iata_airline}${r.flight_number} ${r.adep_iata}-${r.ades_iata} ${r.std_utc}`).sort(),
    );
    expect(flights.every((f) => f.suffix === 'X' && f.aircraft_type === '320' && f.service_type === 'J' && f.seats === null)).toBe(true);
  });

  it('honours frequency rate 2 (every second week), which the reference output ignores', () => {
    const options = { from: '2020-11-01', to: '2020-11-30' };
    const strict = parseSsim(sample('ssimparser_sample_nov2020.ssim'), options);
    const all = parseSsim(weekly(sample('ssimparser_sample_nov2020.ssim')), options).flights;
    // Weeks run Monday to Sunday from the week the period starts in (Sunday 1 Nov is week 0).
    const mondayOfWeek0 = Date.UTC(2020, 9, 26);
    const evenWeek = (f: ImportedFlight) => Math.floor((Date.parse(f.date_local) - mondayOfWeek0) / (7 * 86_400_000)) % 2 === 0;
    expect(strict.flights.map(brief)).toEqual(all.filter(evenWeek).map(brief));
    expect(strict.flights.length).toBeLessThan(all.length);
    expect(strict.warnings.filter((w) => w.message.includes('frequency rate 2')).map((w) => w.line)).toEqual([11, 15, 16]);
  });
});

describe('rusty-ssim records', () => {
  it('reads the standalone unit records, warning (not failing) about the stray segment record', () => {
    const result = parseSsim(sample('rusty_ssim_unit_records.ssim'), { from: '2018-03-28', to: '2018-04-03' });
    expect(result.errors).toEqual([]);
    expect(result.flights).toEqual([
      {
        line: 2,
        airline: 'XX',
        flight_number: '12',
        suffix: '',
        direction: 'departure',
        origin: 'KEF',
        destination: 'AMS',
        scheduled: '2018-04-03T05:10:00Z',
        date_local: '2018-04-03',
        aircraft_type: '73H',
        seats: 189,
        service_type: 'P',
      },
    ]);
    expect(result.warnings.map((w) => w.line)).toEqual([3, 0, 0]);
    expect(result.warnings[0].message).toContain('type 4');
    expect(result.period).toEqual({ from: '2018-03-25', to: '2018-10-27' });
  });

  it('expands the sample to the Tuesday of its period, each leg of a multi-leg flight on its own', () => {
    const result = parseSsim(sample('rusty_ssim_sample.ssim'), { from: '2018-03-25', to: '2018-04-10' });
    expect(result.errors).toEqual([]);
    expect(result.flights.map(brief)).toEqual([
      'departure XX1000 KEF-AMS 2018-04-03T05:10:00Z 2018-04-03',
      'departure XX1002 KEF-AMS 2018-04-03T05:10:00Z 2018-04-03',
      'departure XX1003 JFK-ORD 2018-04-03T08:00:00Z 2018-04-03',
      'departure XX1001 LHR-JFK 2018-04-03T09:00:00Z 2018-04-03',
      'departure XX1002 AMS-LHR 2018-04-03T09:30:00Z 2018-04-03',
      'departure XX1003 ORD-LAX 2018-04-03T11:30:00Z 2018-04-03',
    ]);
    // The trailer's serial check names 000011, but the test records reuse serial 000006.
    expect(result.warnings).toEqual([{ line: 21, message: expect.stringContaining('serial check reference 000011') }]);
  });

  it('keeps the arrivals and departures of one airport, with the arrival time and local date of an arrival', () => {
    const result = parseSsim(sample('rusty_ssim_sample.ssim'), { from: '2018-04-03', to: '2018-04-03', airport: 'AMS' });
    expect(result.flights.map(brief)).toEqual([
      'arrival XX1000 KEF-AMS 2018-04-03T08:00:00Z 2018-04-03',
      'arrival XX1002 KEF-AMS 2018-04-03T08:00:00Z 2018-04-03',
      'departure XX1002 AMS-LHR 2018-04-03T09:30:00Z 2018-04-03',
    ]);
  });
});

describe('times, offsets and dates', () => {
  it('converts local times with their offsets to UTC, arrivals on the next day by date variation', () => {
    const text = file(HEADER, carrier('L'), leg({}));
    const jfk = parseSsim(text, { from: '2020-11-02', to: '2020-11-02', airport: 'JFK' }).flights;
    expect(jfk.map(brief)).toEqual(['departure ZZ1 JFK-LHR 2020-11-03T04:30:00Z 2020-11-02']);
    // The arrival of the 2 November flight lands on the 3rd: it belongs to LHR's 3 November.
    expect(parseSsim(text, { from: '2020-11-02', to: '2020-11-02', airport: 'LHR' }).flights).toEqual([]);
    const lhr = parseSsim(text, { from: '2020-11-03', to: '2020-11-03', airport: 'LHR' }).flights;
    expect(lhr.map(brief)).toEqual(['arrival ZZ1 JFK-LHR 2020-11-03T11:30:00Z 2020-11-03']);
  });

  it('reads UTC-mode times as UTC and gives the local date at the station', () => {
    // 23:00 UTC on 1 Nov is 10:00 on 2 Nov in Sydney (+1100).
    const text = file(
      HEADER,
      carrier('U'),
      leg({ dep: 'SYD', std: '2300', depOffset: '+1100', arr: 'AKL', sta: '0200', arrOffset: '+1300', from: '01NOV20', to: '01NOV20', variation: '01' }),
    );
    const flights = parseSsim(text, { from: '2020-11-02', to: '2020-11-02', airport: 'SYD' }).flights;
    expect(flights.map(brief)).toEqual(['departure ZZ1 SYD-AKL 2020-11-01T23:00:00Z 2020-11-02']);
    const akl = parseSsim(text, { from: '2020-11-02', to: '2020-11-02', airport: 'AKL' }).flights;
    expect(akl.map(brief)).toEqual(['arrival ZZ1 SYD-AKL 2020-11-02T02:00:00Z 2020-11-02']);
  });

  it('applies a previous-day (A) and next-day departure variation to later legs', () => {
    const text = file(
      HEADER,
      carrier('L'),
      leg({
        leg: '01',
        dep: 'LAX',
        std: '2200',
        depOffset: '-0800',
        arr: 'HNL',
        sta: '0100',
        arrOffset: '-1000',
        variation: '01',
        from: '02NOV20',
        to: '02NOV20',
      }),
      leg({
        leg: '02',
        dep: 'HNL',
        std: '0300',
        depOffset: '-1000',
        arr: 'NRT',
        sta: '0700',
        arrOffset: '+0900',
        variation: '12',
        from: '02NOV20',
        to: '02NOV20',
      }),
      leg({
        flight: '2',
        dep: 'NRT',
        std: '2330',
        depOffset: '+0900',
        arr: 'GUM',
        sta: '0430',
        arrOffset: '+1000',
        variation: 'A0',
        from: '03NOV20',
        to: '03NOV20',
      }),
    );
    const flights = parseSsim(text, { from: '2020-11-01', to: '2020-11-05' }).flights;
    expect(flights.map(brief)).toEqual([
      'departure ZZ2 NRT-GUM 2020-11-02T14:30:00Z 2020-11-02',
      'departure ZZ1 LAX-HNL 2020-11-03T06:00:00Z 2020-11-02',
      'departure ZZ1 HNL-NRT 2020-11-03T13:00:00Z 2020-11-03',
    ]);
  });

  it('expands days of operation within the requested dates only', () => {
    const text = file(HEADER, carrier('L'), leg({ from: '01NOV20', to: '30NOV20', days: '1 3 5  ', std: '1000', variation: '00' }));
    const flights = parseSsim(text, { from: '2020-11-09', to: '2020-11-15', airport: 'JFK' }).flights;
    expect(flights.map((f) => f.date_local)).toEqual(['2020-11-09', '2020-11-11', '2020-11-13']);
    expect(parseSsim(text, { from: '2020-12-01', to: '2020-12-31' }).flights).toEqual([]);
  });

  it('runs an open-ended period (00XXX00) to the requested dates', () => {
    const text = file(HEADER, carrier('L'), leg({ from: '01NOV20', to: '00XXX00', std: '1000', variation: '00' }));
    expect(parseSsim(text, { from: '2021-06-01', to: '2021-06-03' }).flights).toHaveLength(3);
  });

  it('reads operational suffix, seats of the configuration and CRLF line ends', () => {
    const text = file(HEADER, carrier('L'), leg({ suffix: 'A', config: 'F8C30Y120' })).replace(/\n/g, '\r\n');
    const [flight] = parseSsim(text, { from: '2020-11-02', to: '2020-11-02' }).flights;
    expect(flight).toMatchObject({ suffix: 'A', seats: 158, aircraft_type: '77W', flight_number: '1' });
  });
});

describe('seatsOfConfiguration', () => {
  it('sums the cabins of a coded configuration and ignores the aircraft version', () => {
    expect(seatsOfConfiguration('F8C30Y120          ')).toBe(158);
    expect(seatsOfConfiguration('Y189VV738H189')).toBe(189);
    expect(seatsOfConfiguration('                    ')).toBeNull();
    expect(seatsOfConfiguration('VV738H189')).toBeNull();
    expect(seatsOfConfiguration('ALL ECONOMY')).toBeNull();
  });
});

describe('broken files', () => {
  const lines = sample('ssimparser_sample_W20_default.ssim').split('\n');
  const broken = (edit: (lines: string[]) => void) => {
    const copy = [...lines];
    edit(copy);
    return copy.join('\n');
  };
  const options = { from: '2020-11-01', to: '2020-12-01' };

  it('reports a truncated record, a bad date, a bad time and bad days of operation by line, and imports nothing', () => {
    const text = broken((l) => {
      l[10] = l[10].slice(0, 150); // line 11
      l[14] = l[14].slice(0, 14) + '32NOV20' + l[14].slice(21); // line 15
      l[15] = l[15].slice(0, 43) + '2561' + l[15].slice(47); // line 16
    });
    const result = parseSsim(text, options);
    expect(result.flights).toEqual([]);
    expect(result.errors).toEqual([
      { line: 11, message: 'line 11: record is 150 characters long; SSIM records have 200' },
      { line: 15, message: 'line 15: period of operation first date "32NOV20" is not a date (DDMMMYY)' },
      { line: 16, message: 'line 16: STD "2561" is not a time (HHMM)' },
    ]);
  });

  it('reports bad days of operation and every bad field of one record', () => {
    const text = broken((l) => {
      l[10] = l[10].slice(0, 28) + '1x34567' + l[10].slice(35);
      l[15] = l[15].slice(0, 36) + 'cdg' + l[15].slice(39, 47) + '+2500' + l[15].slice(52);
    });
    const result = parseSsim(text, options);
    expect(result.flights).toEqual([]);
    expect(result.errors.map((e) => e.message)).toEqual([
      'line 11: days of operation "1x34567" is not a days-of-operation field (e.g. "1 3 5 7")',
      'line 16: departure station "cdg" is not an IATA airport code',
      'line 16: departure UTC offset "+2500" is not a UTC offset (+HHMM or -HHMM)',
    ]);
  });

  it('rejects days out of place, a leg before any carrier record and an unknown record type', () => {
    const text = file(HEADER, leg({}), carrier('L'), leg({ days: '7654321' }), '9'.padEnd(200, ' '));
    expect(parseSsim(text, options).errors.map((e) => e.line)).toEqual([2, 4, 5]);
  });

  it('treats trailer mismatches as warnings', () => {
    const trailer = record([
      [1, '5 ZZ'],
      [188, '000003E000004'],
    ]);
    const good = parseSsim(file(HEADER, carrier('L'), leg({}), trailer), options);
    expect(good.warnings).toEqual([]);
    const bad = parseSsim(
      file(
        HEADER,
        carrier('L'),
        leg({}),
        record([
          [1, '5 YY'],
          [188, '000099E000004'],
        ]),
      ),
      options,
    );
    expect(bad.errors).toEqual([]);
    expect(bad.warnings.map((w) => w.line)).toEqual([4, 4]);
  });

  it('reports bad options as file-level errors', () => {
    const result = parseSsim(sample('rusty_ssim_sample.ssim'), { from: '2018-04-31', to: '2018-04-01', airport: 'amsterdam' });
    expect(result.errors.map((e) => e.message)).toEqual(['from "2018-04-31" is not a date (YYYY-MM-DD)', 'airport "amsterdam" is not an IATA airport code']);
    expect(result.flights).toEqual([]);
  });
});
