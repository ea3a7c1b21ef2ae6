// Flight schedule files: upload (SSIM, CSV or XLSX as multipart form data) imports the file into
// dated flights of the scenario; the file is kept, listed and downloadable.
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { flightScheduleFiles, scenarios } from '../db/schema';
import { currentUser, requireUser } from '../auth/authenticate';
import { requireScenarioRole, scenarioRole, assertRole } from '../access/roles';
import { detectFormat, type ImportOptions } from '../import';
import { homeAirport } from '../scenarios/flightFacts';
import { importScheduleFile, parseOrReject } from '../schedules/importScheduleFile';
import { JOB_KINDS } from '../jobs/handlers';
import { invalid, notFound, zodFieldErrors } from '../errors';
import { registerScenarioResource } from './scenarioResource';
import { toDto } from './scenarioRows';
import { JobSchema } from './jobs';
import { bearerSecurity, errorResponses } from './schemas';
import { idQuery, isoDate, name } from './fields';
import { NUL_MESSAGE } from '../inputGuards';
import { keepSeason } from '../schedules/keepSeason';

/** Files with more flights than this import as a background job. */
const SYNC_IMPORT_LIMIT = 2000;
const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

const fileOutput = {
  format: z.enum(['ssim', 'csv', 'xlsx']),
  row_count: z.number().int(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  import_status: z.enum(['pending', 'importing', 'imported', 'failed']),
  error: z.string().nullable(),
  is_season: z.boolean().describe('Kept as a season for design-day studies (GET .../season/), not imported as flights'),
};

/** Stored file names are names (fields.ts `name`): at most 200 characters. */
const MAX_FILE_NAME = 200;

type Upload = { fields: Record<string, string>; filename: string; content: Buffer };

/** What is wrong with the form when the parser's error is the request's fault, not the server's. */
function malformedForm(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  // A body that ends inside a file part closes the file's stream early.
  if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return 'it ends in the middle of a part';
  // The parser's own complaints: no boundary, a body cut off between parts.
  return /^(Multipart|Unexpected end of)/.test(error.message) ? error.message : null;
}

async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw invalid({ file: ['Send the schedule as multipart/form-data with a "file" part.'] });
  const fields: Record<string, string> = {};
  let file: { filename: string; content: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.file.truncated) throw invalid({ file: [`The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`] });
        file = { filename: part.filename, content };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const malformed = malformedForm(error);
    if (malformed) throw invalid({ file: [`Not a valid multipart/form-data upload: ${malformed}.`] });
    throw error;
  }
  if (!file) throw invalid({ file: ['No file was uploaded.'] });
  if (file.filename.length > MAX_FILE_NAME) throw invalid({ file: [`The file name is longer than ${MAX_FILE_NAME} characters.`] });
  const unstorable = Object.entries({ ...fields, file: file.filename }).find(([, value]) => value.includes('\u0000'));
  if (unstorable) throw invalid({ [unstorable[0]]: [NUL_MESSAGE] });
  return { fields, ...file };
}

const uploadFields = z.object({
  scenario_id: idQuery,
  name: z.string().trim().max(200).optional(),
  format: z.enum(['ssim', 'csv', 'xlsx']).optional(),
  airport: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Must be a three-letter IATA airport code.')
    .optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  time_zone: z.string().optional(),
  season: z.enum(['true', 'false']).optional(),
});

/**
 * RFC 6266: an ASCII fallback name, and the real one in UTF-8 for browsers (a header must be
 * Latin-1, so "東京 schedule.csv" cannot go in the plain parameter).
 */
function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const scheduleFilesRoutes: FastifyPluginAsync = async (app) => {
  registerScenarioResource(app, {
    path: 'flight-schedule-file/',
    table: flightScheduleFiles,
    name: 'FlightScheduleFile',
    tag: 'flight-schedule-files',
    fields: z.object({ name }),
    outputExtra: fileOutput,
    creatable: false,
    // A name stored before uploads were checked may be longer than a name may be.
    present: async (_ex, rows) =>
      rows.map(({ content: _content, season, ...rest }) => ({ ...rest, name: String(rest.name).slice(0, MAX_FILE_NAME), is_season: season !== null })),
    orderBy: [flightScheduleFiles.created_at],
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/flight-schedule-file/', {
    schema: {
      tags: ['flight-schedule-files'],
      security: bearerSecurity,
      summary: 'Upload a schedule (SSIM, CSV or XLSX) and import its flights',
      description:
        'multipart/form-data with parts: file (required), scenario_id (required), name, format (ssim|csv|xlsx; detected when absent), airport (IATA; default the scenario airport), from and to (ISO dates; default the scenario design date), time_zone (CSV/XLSX local times; default the airport time zone), season ("true": keep the file as a season for design-day studies over the whole period it covers, importing no flights; see GET /flight-schedule-file/{id}/season/). A file with bad rows imports nothing and answers 400 {"file": ["line N: ...", ...]}. Up to 2000 flights import (or a season is summarised) at once (201); larger files as a job (202).',
      consumes: ['multipart/form-data'],
      response: {
        201: z.object({ file: z.record(z.string(), z.unknown()), job: JobSchema.nullable(), imported: z.number().int(), warnings: z.array(z.string()) }),
        202: z.object({ file: z.record(z.string(), z.unknown()), job: JobSchema.nullable(), imported: z.number().int(), warnings: z.array(z.string()) }),
        ...errorResponses,
      },
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const upload = await readUpload(request);
      const parsedFields = uploadFields.safeParse(upload.fields);
      if (!parsedFields.success) throw invalid(zodFieldErrors(parsedFields.error));
      const f = parsedFields.data;
      await requireScenarioRole(app.db, currentUser(request), f.scenario_id, 'editor');
      const format = f.format ?? detectFormat(upload.filename, upload.content);
      if (!format) throw invalid({ format: ['Could not tell the format: name the file .ssim, .csv or .xlsx, or give format.'] });
      const [scenario] = await app.db.select().from(scenarios).where(eq(scenarios.id, f.scenario_id));
      const airport = await homeAirport(app.db, f.scenario_id);
      if (f.season === 'true') {
        const season = await keepSeason(
          app.db,
          { ...f, format, airport: f.airport ?? airport?.iata, time_zone: f.time_zone ?? airport?.time_zone },
          upload,
          SYNC_IMPORT_LIMIT,
        );
        if (season.departures > SYNC_IMPORT_LIMIT) {
          const job = await app.jobs().enqueue(JOB_KINDS.summariseSeason, f.scenario_id, { file_id: season.file.id, options: season.options });
          return reply.code(202).send({
            file: toDto({ ...season.file, content: undefined, season: undefined, is_season: true }),
            job: toDto(job) as never,
            imported: 0,
            warnings: season.warnings,
          });
        }
        return reply
          .code(201)
          .send({ file: toDto({ ...season.file, content: undefined, season: undefined, is_season: true }), job: null, imported: 0, warnings: season.warnings });
      }
      const from = f.from ?? scenario.design_date;
      const to = f.to ?? f.from ?? scenario.design_date;
      if (!from || !to) throw invalid({ from: ["Give from and to, or set the scenario's design date."] });
      const options: ImportOptions = {
        airport: f.airport ?? airport?.iata,
        from,
        to,
        timeZone: f.time_zone ?? airport?.time_zone,
      };
      // Validate before keeping anything: a bad file leaves no trace but the 400.
      const parsed = await parseOrReject({ format, content: upload.content }, options);
      const [file] = await app.db
        .insert(flightScheduleFiles)
        .values({ scenario_id: f.scenario_id, name: f.name || upload.filename, format, content: upload.content })
        .returning();
      const strip = (row: typeof file) => toDto({ ...row, content: undefined, season: undefined, is_season: false });
      if (parsed.flights.length > SYNC_IMPORT_LIMIT) {
        const job = await app.jobs().enqueue(JOB_KINDS.importSchedule, f.scenario_id, { file_id: file.id, options });
        return reply.code(202).send({ file: strip(file), job: toDto(job) as never, imported: 0, warnings: parsed.warnings.map((w) => w.message) });
      }
      const result = await importScheduleFile(app.db, file.id, options);
      const [imported] = await app.db.select().from(flightScheduleFiles).where(eq(flightScheduleFiles.id, file.id));
      return reply.code(201).send({ file: strip(imported), job: null, imported: result.flights, warnings: result.warnings });
    },
  });

  api.get('/flight-schedule-file/:id/download/', {
    schema: {
      tags: ['flight-schedule-files'],
      security: bearerSecurity,
      summary: 'The uploaded file as it was sent',
      params: z.object({ id: idQuery }),
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const [file] = await app.db.select().from(flightScheduleFiles).where(eq(flightScheduleFiles.id, request.params.id));
      if (!file) throw notFound();
      assertRole(await scenarioRole(app.db, currentUser(request), file.scenario_id), 'viewer');
      return reply
        .header('content-disposition', attachmentDisposition(file.name))
        .type(file.format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/plain; charset=utf-8')
        .send(file.content ?? Buffer.alloc(0));
    },
  });
};

export default scheduleFilesRoutes;
