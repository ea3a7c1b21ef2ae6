// Field rules shared by the resource definitions, each with the message a planner sees.
import { z } from 'zod';
import { projectRole, sector as sectorEnum } from '../db/schema';

export const name = z.string().trim().min(1, 'This field may not be blank.').max(200);
export const optionalText = z.string().trim().max(2000).optional();
export const airportCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Must be a three-letter IATA airport code.');
export const airlineCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2}$/, 'Must be a two-character IATA airline code.');
export const icaoCode = (length: number) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(new RegExp(`^([A-Z0-9]{${length}})?$`), `Must be ${length} letters or digits, or empty.`);
export const timeZone = z
  .string()
  .trim()
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Must be an IANA time zone such as Europe/London.');
/** The largest value of the database's integer columns (ids, counts). */
export const INT32_MAX = 2_147_483_647;
const atMostInt32 = `Must be at most ${INT32_MAX}.`;
/** Dates and times a planning study can mean; PostgreSQL refuses year 0, and the reports draw days. */
const EARLIEST_YEAR = 1900;
const LATEST_YEAR = 2200;
const inPlanningRange = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
};
const planningRangeMessage = `Must be in the years ${EARLIEST_YEAR} to ${LATEST_YEAR}.`;

/** Whether a value can be an id of the database's rows, so it may be looked up before validation. */
export const isDbId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0 && (value as number) <= INT32_MAX;

export const ref = z.number().int('Must be a whole number.').positive('Must be a positive id.').max(INT32_MAX, atMostInt32);
export const optionalRef = ref.nullable().optional();
export const percent = z.number().min(0, 'Must be from 0 to 100.').max(100, 'Must be from 0 to 100.');
export const minutes = z
  .number()
  .int('Must be whole minutes.')
  .min(0, 'Must not be negative.')
  .max(24 * 60);
export const count = z.number().int('Must be a whole number.').min(0, 'Must not be negative.').max(INT32_MAX, atMostInt32);
export const isoDateTime = z.iso
  .datetime({ offset: true, message: 'Must be an ISO 8601 date and time, e.g. 2017-01-02T10:05:00Z.' })
  .refine(inPlanningRange, planningRangeMessage);
export const isoDate = z.iso.date('Must be an ISO date, e.g. 2017-01-02.').refine(inPlanningRange, planningRangeMessage);
export const sector = z.enum(sectorEnum.enumValues);
export const role = z.enum(projectRole.enumValues);
export const idQuery = z.coerce.number().int('Must be a positive integer.').positive('Must be a positive integer.').max(INT32_MAX, atMostInt32);

/** Percent shares that must total exactly 100 (to a hundredth, against float noise). */
export function sharesTotal100(shares: number[], what = 'Shares'): string | undefined {
  const total = shares.reduce((a, b) => a + b, 0);
  return Math.abs(total - 100) < 0.01 ? undefined : `${what} must total 100% (now ${Math.round(total * 100) / 100}%).`;
}
