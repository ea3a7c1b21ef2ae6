CREATE TABLE "scenario_presence" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scenario_presence_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scenario_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scenario_presence" ADD CONSTRAINT "scenario_presence_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_presence" ADD CONSTRAINT "scenario_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Arrivals and departures are announced, so open top bars update at once; a keep-alive's renewal is not.
CREATE TRIGGER announce_inserts AFTER INSERT ON "scenario_presence" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_scenario_changes();
--> statement-breakpoint
CREATE TRIGGER announce_deletes AFTER DELETE ON "scenario_presence" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_scenario_changes();
--> statement-breakpoint
-- As 0016's, but who has the scenario open is not a change to keep in its History.
CREATE OR REPLACE FUNCTION notify_scenario_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  actor record;
  kept boolean := NOT (TG_TABLE_NAME = 'jobs' AND TG_OP = 'UPDATE') AND TG_TABLE_NAME <> 'scenario_presence';
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
