// A project's members and their roles: everyone on the project sees them, owners add, change and
// remove. A membership is versioned as every item planners change, so two owners changing one
// member's role do not overwrite each other: a change or removal made against an older version
// (If-Match) answers 412 with the member as they are. Member writes lock the project row, so that
// "a project keeps at least one owner" holds when two owners step down at once.
import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { projectMembers, users } from '../db/schema';
import type { Executor } from '../db/database';
import { currentUser, requireUser } from '../auth/authenticate';
import { loadProject } from '../access/roles';
import { findUserByEmail } from '../repositories/users';
import { invalid, notFound } from '../errors';
import { bearerSecurity, errorResponses } from './schemas';
import { idQuery, role } from './fields';
import { preconditionHeaders, requireFresh, tagReply, versionField } from './preconditions';

const tags = ['projects'];
const security = bearerSecurity;
const params = z.object({ id: idQuery });
const memberParams = z.object({ id: idQuery, user_id: idQuery });

const MemberSchema = z
  .object({ user_id: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string(), role, version: versionField })
  .meta({ id: 'ProjectMember' });

const memberColumns = {
  user_id: users.id,
  email: users.email,
  first_name: users.firstName,
  last_name: users.lastName,
  role: projectMembers.role,
  version: projectMembers.version,
  updated_at: projectMembers.updated_at,
};

/** The project's members, or the one member `userId`. */
function selectMembers(ex: Executor, projectId: number, userId?: number) {
  const where =
    userId === undefined ? eq(projectMembers.project_id, projectId) : and(eq(projectMembers.project_id, projectId), eq(projectMembers.user_id, userId));
  return ex.select(memberColumns).from(projectMembers).innerJoin(users, eq(users.id, projectMembers.user_id)).where(where).orderBy(asc(users.email));
}

type MemberRow = Awaited<ReturnType<typeof selectMembers>>[number];
const toDto = ({ updated_at: _, ...member }: MemberRow) => member;

/** The project, for its owners, locked until the transaction `tx` ends: member writes to one project take turns. */
const lockProject = (tx: Executor, request: FastifyRequest, projectId: number) => loadProject(tx, currentUser(request), projectId, 'owner', true);

/** Refuses a change that would leave the project without an owner. */
async function keepAnOwner(tx: Executor, projectId: number, leavingUserId: number) {
  const owners = await tx
    .select({ user_id: projectMembers.user_id })
    .from(projectMembers)
    .where(and(eq(projectMembers.project_id, projectId), eq(projectMembers.role, 'owner')));
  if (owners.length === 1 && owners[0].user_id === leavingUserId) {
    throw invalid({ role: ['A project keeps at least one owner.'] });
  }
}

/** The member `userId` of a locked project, if they are one, once the write's preconditions hold for them. */
async function freshMember(tx: Executor, request: FastifyRequest, projectId: number, userId: number): Promise<MemberRow | undefined> {
  const [member] = await selectMembers(tx, projectId, userId);
  if (member) await requireFresh(request, member, () => toDto(member));
  // A change made against a member who has since been removed is not a new membership.
  else if (request.headers['if-match'] !== undefined) throw notFound('This user is no longer a member.');
  return member;
}

const projectMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/projects/:id/members/', {
    schema: { tags, security, summary: 'Members of a project and their roles', params, response: { 200: z.array(MemberSchema), ...errorResponses } },
    preHandler: requireUser(),
    handler: async (request) => {
      await loadProject(app.db, currentUser(request), request.params.id, 'viewer');
      return (await selectMembers(app.db, request.params.id)).map(toDto);
    },
  });

  app.put('/projects/:id/members/', {
    schema: {
      tags,
      security,
      summary: "Add a member by e-mail or change a member's role (owners)",
      params,
      body: z.object({ email: z.string().trim().email('Enter a valid email address.'), role }),
      headers: preconditionHeaders,
      response: { 200: MemberSchema, ...errorResponses, 412: MemberSchema },
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const projectId = request.params.id;
      const member = await app.db.transaction(async (tx) => {
        await lockProject(tx, request, projectId);
        const user = await findUserByEmail(tx, request.body.email);
        if (!user) throw invalid({ email: ['No user has this e-mail address.'] });
        await freshMember(tx, request, projectId, user.id);
        if (request.body.role !== 'owner') await keepAnOwner(tx, projectId, user.id);
        await tx
          .insert(projectMembers)
          .values({ project_id: projectId, user_id: user.id, role: request.body.role })
          .onConflictDoUpdate({ target: [projectMembers.project_id, projectMembers.user_id], set: { role: request.body.role } });
        return (await selectMembers(tx, projectId, user.id))[0];
      });
      tagReply(reply, member);
      return toDto(member);
    },
  });

  app.delete('/projects/:id/members/:user_id/', {
    schema: {
      tags,
      security,
      summary: 'Remove a member (owners)',
      params: memberParams,
      headers: preconditionHeaders,
      response: { 204: z.undefined(), ...errorResponses, 412: MemberSchema },
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const { id: projectId, user_id: userId } = request.params;
      await app.db.transaction(async (tx) => {
        await lockProject(tx, request, projectId);
        if (!(await freshMember(tx, request, projectId, userId))) throw notFound('This user is not a member.');
        await keepAnOwner(tx, projectId, userId);
        await tx.delete(projectMembers).where(and(eq(projectMembers.project_id, projectId), eq(projectMembers.user_id, userId)));
      });
      return reply.code(204).send();
    },
  });
};

export default projectMembersRoutes;
