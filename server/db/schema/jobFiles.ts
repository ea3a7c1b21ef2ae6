// Files a job produced for the planner to download (report graphics), kept with the job.
import { integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { jobs } from './jobs';

export const jobFiles = pgTable(
  'job_files',
  {
    id: id(),
    job_id: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    content_type: text('content_type').notNull(),
    content: text('content').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('job_files_job_name').on(t.job_id, t.name)],
);
