// The application as one Fastify instance built from its dependencies: main.ts boots it, tests
// build it with inject(). The API lives under /api; everything else is the single-page app.
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/database';
import { ChangeHub, CHANGES_CHANNEL } from './live/changeHub';
import scenarioEventsRoutes from './routes/scenarioEvents';
import { AccessTokens } from './auth/accessTokens';
import { loadSigningKey } from './auth/serverSecret';
import { registerCsrf } from './auth/csrf';
import { createMailer, type Mailer } from './mail/mailer';
import { ApiError, registerErrorHandler } from './errors';
import { registerInputGuards } from './inputGuards';
import authRoutes from './routes/auth';
import mfaRoutes from './routes/mfa';
import usersRoutes from './routes/users';
import schemaRoutes from './routes/schema';
import projectsRoutes from './routes/projects';
import projectMembersRoutes from './routes/projectMembers';
import scenariosRoutes from './routes/scenarios';
import placesRoutes from './routes/places';
import referenceRoutes from './routes/reference';
import flightsRoutes from './routes/flights';
import rulesRoutes from './routes/rules';
import allocationsRoutes from './routes/allocations';
import graphsRoutes from './routes/graphs';
import jobsRoutes from './routes/jobs';
import scheduleFilesRoutes from './routes/scheduleFiles';
import seasonsRoutes from './routes/seasons';
import ruleActionsRoutes from './routes/ruleActions';
import jobPreviewsRoutes from './routes/jobPreviews';
import simulationRunsRoutes from './routes/simulationRuns';
import demoRoutes from './routes/demo';
import sizingPlansRoutes from './routes/sizingPlans';
import simulationSizeRoutes from './routes/simulationSize';
import scenarioSimulationRoutes from './routes/scenarioSimulation';
import multipart from '@fastify/multipart';
import type { JobQueue } from './jobs/queue';
import { actingAs } from './db/actor';
import historyRoutes from './routes/history';
import scenarioPresenceRoutes from './routes/scenarioPresence';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    accessTokens: AccessTokens;
    mailer: Mailer;
    /** The job queue; answers 503 where the app runs without one. */
    jobs(): JobQueue;
    /** The scenarios' changes as the database announces them, for the event streams. */
    changes: ChangeHub;
  }
}

export type AppOptions = {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built front end from config.staticDir (off for API-only tests). */
  serveClient?: boolean;
  /**
   * Starts the background job queue (stopped when the app closes). It answers at once: the app
   * does not wait for the queue to be up (see startingQueue).
   */
  startJobs?: (log: FastifyBaseLogger) => JobQueue;
  /**
   * Hears the database's notices (DatabaseHandle.listen), for the scenarios' event streams; an
   * app without it (some API tests) opens streams that never hear a change.
   */
  listen?: DatabaseHandle['listen'];
};

const API_VERSION = '0.1.0';

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('accessTokens', new AccessTokens(await loadSigningKey(db, config.jwtSecret), config.accessTokenMinutes));
  app.decorate('mailer', createMailer(db, app.log, { smtpUrl: config.smtpUrl, from: config.mailFrom }));
  const jobs = options.startJobs ? options.startJobs(app.log) : null;
  app.decorate('jobs', () => {
    if (!jobs) throw new ApiError(503, 'no_job_queue', 'The job queue is not running.');
    return jobs;
  });
  if (jobs) app.addHook('onClose', () => jobs.stop());
  const changes = new ChangeHub((payload, err) => app.log.error({ err, payload }, 'a change notice that does not parse'));
  app.decorate('changes', changes);
  if (options.listen) {
    const unlisten = await options.listen(CHANGES_CHANNEL, {
      notice: (payload) => changes.notice(payload),
      gap: () => changes.gap(),
      error: (err) => app.log.warn({ err }, 'listening for scenario changes: the connection failed, retrying'),
    });
    app.addHook('onClose', unlisten);
  }
  app.decorateRequest('user', null);
  // Every request's statements carry its planner once signed in (requireUser fills it in), for
  // the History (db/actor.ts). Run around the rest of the request, as @fastify/request-context does.
  app.addHook('onRequest', (_request, _reply, done) => actingAs({ userId: null, jobId: null }, done));
  app.decorateRequest('tokenScope', null);

  registerErrorHandler(app);
  registerInputGuards(app);
  await app.register(cookie);
  registerCsrf(app);
  await app.register(multipart);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Airport Planner API',
        version: API_VERSION,
        description: 'Projects, scenarios and airport data for baggage make-up allocation, check-in counter allocation, check-in flows and simulation.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(mfaRoutes);
      await api.register(usersRoutes);
      await api.register(schemaRoutes);
      await api.register(projectsRoutes);
      await api.register(projectMembersRoutes);
      await api.register(scenariosRoutes);
      await api.register(historyRoutes);
      await api.register(scenarioPresenceRoutes);
      await api.register(placesRoutes);
      await api.register(referenceRoutes);
      await api.register(flightsRoutes);
      await api.register(rulesRoutes);
      await api.register(allocationsRoutes);
      await api.register(graphsRoutes);
      await api.register(jobsRoutes);
      await api.register(scheduleFilesRoutes);
      await api.register(seasonsRoutes);
      await api.register(ruleActionsRoutes);
      await api.register(jobPreviewsRoutes);
      await api.register(simulationRunsRoutes);
      await api.register(demoRoutes);
      await api.register(sizingPlansRoutes);
      await api.register(simulationSizeRoutes);
      await api.register(scenarioSimulationRoutes);
      await api.register(scenarioEventsRoutes);
    },
    { prefix: '/api' },
  );

  const staticDir = resolve(config.staticDir);
  const serveClient = options.serveClient !== false && existsSync(resolve(staticDir, 'index.html'));
  if (serveClient) await app.register(fastifyStatic, { root: staticDir, wildcard: false });
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes (/app/..., /auth/...) all load the single page; API paths answer JSON.
    if (serveClient && request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ detail: `No route ${request.method} ${request.url.split('?')[0]}.` });
  });
  return app;
}
