// Who may do what below a project. Members have a role: viewers read, editors also write,
// owners also manage members and delete; staff may do everything. A scenario (and everything
// in it) of a project the user is not a member of answers 404, as if it did not exist; a
// member without the needed role gets 403.
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database';
import { projectMembers, scenarios, projects, type UserRow } from '../db/schema';
import { forbidden, notFound } from '../errors';

export type Role = 'owner' | 'editor' | 'viewer';
const RANK: Record<Role, number> = { viewer: 1, editor: 2, owner: 3 };

export function assertRole(role: Role | null, needed: Role, what = 'Not found.'): asserts role is Role {
  if (!role) throw notFound(what);
  if (RANK[role] < RANK[needed]) {
    throw forbidden(needed === 'owner' ? 'Only the project owner may do this.' : 'You need the editor role on this project to change it.');
  }
}

export async function projectRole(ex: Executor, user: UserRow, projectId: number): Promise<Role | null> {
  if (user.isStaff) {
    const [p] = await ex.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
    return p ? 'owner' : null;
  }
  const [m] = await ex
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(and(eq(projectMembers.project_id, projectId), eq(projectMembers.user_id, user.id)));
  return m?.role ?? null;
}

/** The project, once the user holds `needed` on it (404 or 403 otherwise), and their role; `lock` (in a transaction) holds the row until it ends. */
export async function loadProject(ex: Executor, user: UserRow, projectId: number, needed: Role, lock = false) {
  const role = await projectRole(ex, user, projectId);
  assertRole(role, needed);
  const select = ex.select().from(projects).where(eq(projects.id, projectId));
  const [row] = lock ? await select.for('update') : await select;
  return { row, role };
}

export async function scenarioRole(ex: Executor, user: UserRow, scenarioId: number): Promise<Role | null> {
  const [s] = await ex.select({ project_id: scenarios.project_id }).from(scenarios).where(eq(scenarios.id, scenarioId));
  return s ? projectRole(ex, user, s.project_id) : null;
}

/** Throws 404/403 unless the user has at least `needed` on the scenario. */
export async function requireScenarioRole(ex: Executor, user: UserRow, scenarioId: number, needed: Role): Promise<Role> {
  const role = await scenarioRole(ex, user, scenarioId);
  assertRole(role, needed);
  return role;
}

/** A condition restricting `column` (a project id) to the user's projects; none for staff. */
export function visibleProjects(ex: Executor, user: UserRow, column: AnyPgColumn): SQL | undefined {
  if (user.isStaff) return undefined;
  return inArray(column, ex.select({ id: projectMembers.project_id }).from(projectMembers).where(eq(projectMembers.user_id, user.id)));
}

/** A condition restricting `column` (a scenario id) to scenarios of the user's projects. */
export function visibleScenarios(ex: Executor, user: UserRow, column: AnyPgColumn): SQL | undefined {
  if (user.isStaff) return undefined;
  return inArray(
    column,
    ex
      .select({ id: scenarios.id })
      .from(scenarios)
      .innerJoin(projectMembers, eq(projectMembers.project_id, scenarios.project_id))
      .where(eq(projectMembers.user_id, user.id)),
  );
}
