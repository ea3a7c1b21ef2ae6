// Projects group scenarios and carry who may see and change them.
import { integer, pgEnum, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, changeStamps } from './columns';
import { users } from './users';

export const projects = pgTable('projects', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  owner_id: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
  ...changeStamps(),
});

export const projectRole = pgEnum('project_role', ['owner', 'editor', 'viewer']);

export const projectMembers = pgTable(
  'project_members',
  {
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: projectRole('role').notNull(),
    ...changeStamps(),
  },
  (t) => [primaryKey({ columns: [t.project_id, t.user_id] })],
);
