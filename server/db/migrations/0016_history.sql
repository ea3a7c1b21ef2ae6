CREATE TABLE "scenario_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scenario_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scenario_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"set" text NOT NULL,
	"op" text NOT NULL,
	"ids" integer[] NOT NULL,
	"count" integer NOT NULL,
	"user_id" integer,
	"job_id" integer
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "scenario_history" ADD CONSTRAINT "scenario_history_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_history" ADD CONSTRAINT "scenario_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scenario_history_scenario_at" ON "scenario_history" USING btree ("scenario_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Who a statement was made for: the server tags the statements of a signed-in planner, or of a job,
-- with a leading comment /*actor:USER,job:JOB*/ (0 for none; server/db/actor.ts), as sqlcommenter
-- tags statements for tracing, and the triggers read it back here. Untagged statements (migrations,
-- the demo's seed, scripts) have no actor. A user deleted since is no actor either.
CREATE FUNCTION planner_actor(OUT user_id integer, OUT job_id integer) LANGUAGE plpgsql STABLE AS $$
DECLARE
  tag text[] := regexp_match(current_query(), '^/\*actor:(\d+),job:(\d+)\*/');
BEGIN
  IF tag IS NULL THEN RETURN; END IF;
  SELECT u.id INTO user_id FROM users u WHERE u.id = nullif(tag[1], '0')::integer;
  job_id := nullif(tag[2], '0')::integer;
END $$;
--> statement-breakpoint
-- Each announced change is also kept in the History, with its actor, except a running job's own
-- progress (a job's row is kept when it is asked for). A change of rows whose scenario is being
-- deleted (its cascade) is not kept: the History goes with the scenario.
CREATE OR REPLACE FUNCTION notify_scenario_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  actor record;
  kept boolean := NOT (TG_TABLE_NAME = 'jobs' AND TG_OP = 'UPDATE');
BEGIN
  IF kept THEN actor := planner_actor(); END IF;
  FOR r IN SELECT scenario_id, count(*) AS n, (array_agg(id ORDER BY id))[1:100] AS ids FROM changed GROUP BY scenario_id LOOP
    PERFORM pg_notify('scenario_changes', json_build_object('scenario', r.scenario_id, 'set', TG_TABLE_NAME, 'op', lower(TG_OP), 'ids', r.ids, 'count', r.n)::text);
    IF kept THEN
      INSERT INTO scenario_history (scenario_id, "set", op, ids, count, user_id, job_id)
      SELECT r.scenario_id, TG_TABLE_NAME, lower(TG_OP), r.ids, r.n, actor.user_id, actor.job_id
      WHERE EXISTS (SELECT 1 FROM scenarios s WHERE s.id = r.scenario_id);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_scenario_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  actor record := planner_actor();
BEGIN
  FOR r IN SELECT id FROM changed LOOP
    PERFORM pg_notify('scenario_changes', json_build_object('scenario', r.id, 'set', TG_TABLE_NAME, 'op', lower(TG_OP), 'ids', ARRAY[r.id], 'count', 1)::text);
    IF TG_OP = 'UPDATE' THEN
      INSERT INTO scenario_history (scenario_id, "set", op, ids, count, user_id, job_id)
      VALUES (r.id, TG_TABLE_NAME, 'update', ARRAY[r.id], 1, actor.user_id, actor.job_id);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
