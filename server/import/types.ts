// The shapes every schedule importer (SSIM, CSV, XLSX) returns, so the upload route and the demo
// seed handle one result whatever the file format was.

export type ImportOptions = {
  /** IATA code of the airport being planned; absent keeps every leg as a departure. */
  airport?: string;
  /** First and last date of the scenario (ISO dates, inclusive); a design day has from = to. */
  from: string;
  to: string;
  /** IANA zone of the local times in CSV/XLSX files; SSIM carries its own UTC offsets. */
  timeZone?: string;
};

export type Sector = 'domestic' | 'schengen' | 'international';

export type ImportedFlight = {
  /** 1-based line (or spreadsheet row) it came from. */
  line: number;
  /** IATA carrier code, upper case. */
  airline: string;
  /** Digits as written without leading zeros, e.g. "1983". */
  flight_number: string;
  /** Operational suffix; '' when none. */
  suffix: string;
  direction: 'departure' | 'arrival';
  origin: string;
  destination: string;
  /** ISO 8601 UTC: STD of a departure, STA of an arrival. */
  scheduled: string;
  /** ISO date of the flight at options.airport (or at the departure station). */
  date_local: string;
  /** IATA type code or ''. */
  aircraft_type: string;
  seats: number | null;
  /** True when the schedule gave neither seats nor a type of known size: the seats are a guess (completeFlights.ts). */
  seats_estimated?: boolean;
  load_factor?: number;
  passengers?: number;
  sector?: Sector;
  service_type?: string;
};

/** line 0 is the file as a whole (options, missing columns). */
export type ImportIssue = { line: number; message: string };

export type ImportResult = {
  flights: ImportedFlight[];
  /** Any error means the caller imports nothing. */
  errors: ImportIssue[];
  warnings: ImportIssue[];
  /** The dates the file itself covers, whatever was requested; null when it names none. */
  period: { from: string; to: string } | null;
};
