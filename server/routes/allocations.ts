// Resources (counters, kiosks, bag drops, security lanes, make-up carousels, laterals and
// chutes) and what is allocated to them over time: counters opened for a flight or airline, and
// make-up positions holding a flight's segregation.
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database, Executor } from '../db/database';
import { baggageAllocations, flights, resourceAllocations, resources, resourceType, segregations } from '../db/schema';
import { BAGGAGE_ALLOCATION_REFS, RESOURCE_ALLOCATION_REFS, RESOURCE_REFS } from '../scenarios/references';
import { flightExists } from './flightExists';
import { makeupRuleWindow } from '../allocation/makeup';
import type { FieldErrors } from '../errors';
import type { ResourceSpec } from './scenarioRows';
import { registerScenarioResource } from './scenarioResource';
import { count, idQuery, INT32_MAX, isoDateTime, name, optionalRef, ref } from './fields';

type Row = Record<string, unknown>;

const MAKEUP_TYPES = new Set(['makeup_carousel', 'makeup_lateral', 'makeup_chute']);

function windowErrors(row: Row): FieldErrors {
  return new Date(row.end as string | Date) > new Date(row.start as string | Date) ? {} : { end: ['Must be after start.'] };
}

/** A make-up window outside what the segregation's rule allows, in minutes before STD. */
async function ruleWindowErrors(ex: Executor, scenarioId: number, row: Row): Promise<FieldErrors> {
  const rule = await makeupRuleWindow(ex, scenarioId, row.segregation_id as number);
  if (!rule) return {};
  const before = (at: unknown) => Math.round((rule.std.getTime() - new Date(at as string | Date).getTime()) / 60_000);
  const errors: FieldErrors = {};
  const opens = before(row.start);
  const closes = before(row.end);
  if (opens > rule.open_minutes)
    errors.start = [`Opens ${opens} minutes before STD; its make-up rule opens it ${rule.open_minutes} minutes before STD at the earliest.`];
  if (closes < rule.close_minutes)
    errors.end = [`Closes ${closes} minutes before STD; its make-up rule closes it at least ${rule.close_minutes} minutes before STD.`];
  return errors;
}

async function baggageAllocationErrors(ex: Executor, scenarioId: number, row: Row): Promise<FieldErrors> {
  const errors = { ...windowErrors(row), ...(await ruleWindowErrors(ex, scenarioId, row)) };
  const [segregation] = await ex
    .select({ flight_id: segregations.flight_id })
    .from(segregations)
    .where(eq(segregations.id, row.segregation_id as number));
  if (segregation && segregation.flight_id !== row.flight_id) {
    errors.segregation_id = ['This segregation belongs to another flight.'];
  }
  const [resource] = await ex
    .select({ type: resources.resource_type, positions: resources.positions })
    .from(resources)
    .where(eq(resources.id, row.resource_id as number));
  if (resource && !MAKEUP_TYPES.has(resource.type)) {
    errors.resource_id = ['Bags go to a make-up carousel, lateral or chute.'];
  } else if (resource && (row.position_index as number) >= resource.positions) {
    errors.position_index = [`This resource has positions 0 to ${resource.positions - 1}.`];
  }
  return errors;
}

export const resourcesResource: ResourceSpec = {
  path: 'allocation/resource/',
  table: resources,
  name: 'Resource',
  tag: 'resources',
  fields: z.object({
    zone_id: ref,
    name,
    resource_type: z.enum(resourceType.enumValues),
    positions: z.number().int().min(1, 'Must be at least 1.').max(100).optional(),
    service_mean_seconds: z.number().positive('Must be more than 0.').max(36_000).nullable().optional(),
    service_cv: z.number().min(0, 'Must not be negative.').max(10).nullable().optional(),
    queue_area_m2: z.number().positive('Must be more than 0.').max(1_000_000).nullable().optional(),
    display_order: z.number().int().min(-INT32_MAX).max(INT32_MAX, 'Must be at most 2147483647.').optional(),
  }),
  refs: RESOURCE_REFS,
  filters: { zone_id: { schema: idQuery, where: (v: number) => eq(resources.zone_id, v) } },
  orderBy: [resources.zone_id, resources.display_order, resources.name],
  bulk: true,
};

export const resourceAllocationsResource: ResourceSpec = {
  path: 'allocation/resource-allocation/',
  table: resourceAllocations,
  name: 'ResourceAllocation',
  tag: 'resource-allocations',
  fields: z.object({
    resource_id: ref,
    flight_id: optionalRef,
    airline_id: optionalRef,
    start: isoDateTime,
    end: isoDateTime,
    locked: z.boolean().optional(),
  }),
  refs: RESOURCE_ALLOCATION_REFS,
  validate: (_ex, _scenario, row) => {
    const errors = windowErrors(row);
    if (row.flight_id == null && row.airline_id == null) {
      errors.flight_id = ['Give the flight or the airline the counters open for.'];
    }
    return errors;
  },
  filters: {
    resource_id: { schema: idQuery, where: (v: number) => eq(resourceAllocations.resource_id, v) },
    flight_id: { schema: idQuery, where: (v: number) => eq(resourceAllocations.flight_id, v) },
  },
  orderBy: [resourceAllocations.resource_id, resourceAllocations.start],
  bulk: true,
};

export const baggageAllocationsResource: ResourceSpec = {
  path: 'allocation/baggage-allocation/',
  table: baggageAllocations,
  name: 'BaggageAllocation',
  tag: 'baggage-allocations',
  fields: z.object({
    flight_id: ref,
    segregation_id: ref,
    resource_id: ref,
    position_index: count.optional(),
    start: isoDateTime,
    end: isoDateTime,
    bags: count.optional(),
    containers: count.optional(),
    locked: z.boolean().optional(),
  }),
  refs: BAGGAGE_ALLOCATION_REFS,
  validate: (ex, scenario, row) => baggageAllocationErrors(ex, scenario, row),
  filters: {
    flight_id: { schema: idQuery, where: (v: number) => eq(baggageAllocations.flight_id, v) },
    flight__zone_id: {
      schema: idQuery,
      where: (v: number, db: Database) => flightExists(db, eq(flights.id, baggageAllocations.flight_id), eq(flights.zone_id, v)),
    },
  },
  orderBy: [baggageAllocations.resource_id, baggageAllocations.start],
};

const allocationsRoutes: FastifyPluginAsync = async (app) => {
  registerScenarioResource(app, resourcesResource);

  registerScenarioResource(app, resourceAllocationsResource);

  registerScenarioResource(app, baggageAllocationsResource);
};

export default allocationsRoutes;
