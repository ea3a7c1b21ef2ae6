// Projects and cloning a whole project with all its scenarios (their members: projectMembers.ts).
import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { projectMembers, projects, scenarios } from '../db/schema';
import { currentUser, requireUser } from '../auth/authenticate';
import { loadProject, visibleProjects, type Role } from '../access/roles';
import { cloneScenario } from '../scenarios/cloneScenario';
import { bearerSecurity, errorResponses } from './schemas';
import { idQuery, name, optionalText, role } from './fields';
import { preconditionHeaders, requireFresh, tagReply, versionField } from './preconditions';
import type { Executor } from '../db/database';

const tags = ['projects'];
const security = bearerSecurity;
const params = z.object({ id: idQuery });

const ProjectSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    owner_id: z.number().int().nullable(),
    role: role.describe("The caller's role"),
    created_at: z.string(),
    updated_at: z.string(),
    version: versionField,
  })
  .meta({ id: 'Project' });

type ProjectRow = typeof projects.$inferSelect;
const toDto = (p: ProjectRow, callerRole: Role) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  owner_id: p.owner_id,
  role: callerRole,
  created_at: p.created_at.toISOString(),
  updated_at: p.updated_at.toISOString(),
  version: p.version,
});

const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The project and the caller's role, once it holds `needed`; `forWrite` (in a transaction) locks the row until it ends. */
  const load = (request: FastifyRequest, id: number, needed: Role, ex: Executor = app.db, forWrite = false) =>
    loadProject(ex, currentUser(request), id, needed, forWrite);

  /** The project to write over, locked until the transaction `tx` ends, once the caller holds `needed` and the write's preconditions hold. */
  async function loadFresh(tx: Executor, request: FastifyRequest, id: number, needed: Role) {
    const loaded = await load(request, id, needed, tx, true);
    await requireFresh(request, loaded.row, () => toDto(loaded.row, loaded.role));
    return loaded;
  }

  app.get('/projects/', {
    schema: { tags, security, summary: "The caller's projects", response: { 200: z.array(ProjectSchema), ...errorResponses } },
    preHandler: requireUser(),
    handler: async (request) => {
      const user = currentUser(request);
      const rows = await app.db
        .select({ project: projects, role: projectMembers.role })
        .from(projects)
        .leftJoin(projectMembers, and(eq(projectMembers.project_id, projects.id), eq(projectMembers.user_id, user.id)))
        .where(visibleProjects(app.db, user, projects.id))
        .orderBy(asc(projects.name), asc(projects.id));
      return rows.map((r) => toDto(r.project, user.isStaff ? 'owner' : (r.role ?? 'viewer')));
    },
  });

  app.post('/projects/', {
    schema: {
      tags,
      security,
      summary: 'Create a project; the caller becomes its owner',
      body: z.object({ name, description: optionalText }),
      response: { 201: ProjectSchema, ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const user = currentUser(request);
      const row = await app.db.transaction(async (tx) => {
        const [p] = await tx
          .insert(projects)
          .values({ name: request.body.name, description: request.body.description ?? '', owner_id: user.id })
          .returning();
        await tx.insert(projectMembers).values({ project_id: p.id, user_id: user.id, role: 'owner' });
        return p;
      });
      return reply.code(201).send(toDto(row, 'owner'));
    },
  });

  app.get('/projects/:id/', {
    schema: { tags, security, summary: 'One project', params, response: { 200: ProjectSchema, ...errorResponses } },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const { row, role: r } = await load(request, request.params.id, 'viewer');
      tagReply(reply, row);
      return toDto(row, r);
    },
  });

  for (const method of ['put', 'patch'] as const) {
    const body = z.object({ name, description: optionalText });
    app[method]('/projects/:id/', {
      schema: {
        tags,
        security,
        summary: method === 'put' ? 'Replace a project' : 'Change a project',
        params,
        body: method === 'put' ? body : body.partial(),
        headers: preconditionHeaders,
        response: { 200: ProjectSchema, ...errorResponses, 412: ProjectSchema },
      },
      preHandler: requireUser(),
      handler: async (request, reply) => {
        const { id } = request.params;
        const { row, role: r } = await app.db.transaction(async (tx) => {
          const loaded = await loadFresh(tx, request, id, 'editor');
          const changes = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
          if (!Object.keys(changes).length) return loaded;
          return { ...loaded, row: (await tx.update(projects).set(changes).where(eq(projects.id, id)).returning())[0] };
        });
        tagReply(reply, row);
        return toDto(row, r);
      },
    });
  }

  app.delete('/projects/:id/', {
    schema: {
      tags,
      security,
      summary: 'Delete a project and everything in it (owners)',
      params,
      headers: preconditionHeaders,
      response: { 204: z.undefined(), ...errorResponses, 412: ProjectSchema },
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      await app.db.transaction(async (tx) => {
        await loadFresh(tx, request, request.params.id, 'owner');
        await tx.delete(projects).where(eq(projects.id, request.params.id));
      });
      return reply.code(204).send();
    },
  });

  app.post('/projects/:id/clone/', {
    schema: {
      tags,
      security,
      summary: 'Deep copy of a project with all its scenarios; the caller owns the copy',
      params,
      body: z.object({ name }),
      response: { 201: ProjectSchema, ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const { row: source } = await load(request, request.params.id, 'viewer');
      const user = currentUser(request);
      const copy = await app.db.transaction(async (tx) => {
        const [p] = await tx.insert(projects).values({ name: request.body.name, description: source.description, owner_id: user.id }).returning();
        const members = await tx.select().from(projectMembers).where(eq(projectMembers.project_id, source.id));
        const copied = members.filter((m) => m.user_id !== user.id).map((m) => ({ project_id: p.id, user_id: m.user_id, role: m.role }));
        await tx.insert(projectMembers).values([...copied, { project_id: p.id, user_id: user.id, role: 'owner' as const }]);
        const list = await tx.select().from(scenarios).where(eq(scenarios.project_id, source.id)).orderBy(asc(scenarios.id));
        for (const s of list) await cloneScenario(tx, s.id, { projectId: p.id, name: s.name });
        return p;
      });
      return reply.code(201).send(toDto(copy, 'owner'));
    },
  });
};

export default projectsRoutes;
