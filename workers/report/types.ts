// The plain data the report renderers and the planning screens read: the API's rows, trimmed to
// the fields they use, so a server job can pass database rows and the browser its fetched lists.
// Times are ISO instants (the API's `start`/`end`/`scheduled`); the day is the scenario's design
// date in the airport's time zone, which is also the zone of every clock label.

export type ReportZone = { id: number; name: string; kind: string };

export type ReportResource = {
  id: number;
  zone_id: number;
  name: string;
  resource_type: string;
  /** Make-up: how many segregations the resource holds at once. */
  positions: number;
  display_order: number;
};

export type ReportAirline = { id: number; code: string };

export type ReportFlight = {
  id: number;
  airline_id: number;
  flight_number: string;
  /** STD of a departure (ISO). */
  scheduled: string;
  aircraft_id?: number | null;
  zone_id?: number | null;
  makeup_zone_id?: number | null;
};

export type ReportSegregation = { id: number; flight_id: number; name: string; bags: number };

/** allocation/baggage-allocation/: one row per make-up position a segregation holds. */
export type ReportBaggageAllocation = {
  id: number;
  flight_id: number;
  segregation_id: number;
  resource_id: number;
  position_index: number;
  start: string;
  end: string;
  bags: number;
  containers: number;
  locked: boolean;
};

/** allocation/resource-allocation/: one row per check-in counter opened for a flight or airline. */
export type ReportResourceAllocation = {
  id: number;
  resource_id: number;
  flight_id: number | null;
  airline_id: number | null;
  start: string;
  end: string;
  locked: boolean;
};

/** airline-colours/: brand colours by IATA code. */
export type ReportAirlineColour = { code: string; primary: string };

/** The design day the charts span and label. */
/** `source`: where the design day came from, said under the charts' titles (a season file and its rule). */
export type ReportDay = { designDate: string; timeZone: string; source?: string };

/** allocation/baggage-allocation/unplaced/: a segregation with bags and no make-up position. */
export type ReportUnplaced = { segregation_id: number; flight_id: number; bags: number; containers: number; start: string; end: string };

export type MakeupGanttData = {
  day: ReportDay;
  zones: ReportZone[];
  resources: ReportResource[];
  flights: ReportFlight[];
  airlines: ReportAirline[];
  segregations: ReportSegregation[];
  allocations: ReportBaggageAllocation[];
  /** Segregations not placed: drawn in lanes of their own above the positions. */
  unplaced?: ReportUnplaced[];
  colours?: ReportAirlineColour[];
  /** Clearing time after a segregation on a position (the make-up job's buffer), minutes. */
  bufferMinutes?: number;
  title?: string;
};

export type CheckinGanttData = {
  day: ReportDay;
  zones: ReportZone[];
  resources: ReportResource[];
  flights: ReportFlight[];
  airlines: ReportAirline[];
  allocations: ReportResourceAllocation[];
  colours?: ReportAirlineColour[];
  title?: string;
};

export type OccupancyData = {
  day: ReportDay;
  zones: ReportZone[];
  resources: ReportResource[];
  allocations: ReportBaggageAllocation[];
  /** Width of a time slot, minutes (default 5). */
  slotMinutes?: number;
  title?: string;
};
