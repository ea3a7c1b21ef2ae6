-- Live updates (issue 35): every committed write to a scenario's data is announced on the channel
-- scenario_changes, whoever made it (a route, a job, a bulk write, an import; any process on the
-- database), so the server can pass it on to the browsers that have the scenario open
-- (server/live/). One notice per statement, table and scenario, not per row: a bulk write or an
-- allocation run of a thousand rows is one notice. A notice names the first ids it touched (a
-- notice's payload is limited to 8,000 bytes) and how many rows in all; a rolled-back write sends
-- none. The transition table is named `changed` in each trigger, so one function serves inserts,
-- updates (NEW TABLE) and deletes (OLD TABLE).
CREATE FUNCTION notify_scenario_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT scenario_id, count(*) AS n, (array_agg(id ORDER BY id))[1:100] AS ids FROM changed GROUP BY scenario_id LOOP
    PERFORM pg_notify('scenario_changes', json_build_object('scenario', r.scenario_id, 'set', TG_TABLE_NAME, 'op', lower(TG_OP), 'ids', r.ids, 'count', r.n)::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The scenario's own row (renamed, deleted) is announced to the scenario itself.
CREATE FUNCTION notify_scenario_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id FROM changed LOOP
    PERFORM pg_notify('scenario_changes', json_build_object('scenario', r.id, 'set', TG_TABLE_NAME, 'op', lower(TG_OP), 'ids', ARRAY[r.id], 'count', 1)::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN SELECT table_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_name = 'scenario_id'
      AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE')
  LOOP
    EXECUTE format('CREATE TRIGGER announce_inserts AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_scenario_changes()', t);
    EXECUTE format('CREATE TRIGGER announce_updates AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_scenario_changes()', t);
    EXECUTE format('CREATE TRIGGER announce_deletes AFTER DELETE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_scenario_changes()', t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER announce_updates AFTER UPDATE ON "scenarios" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_scenario_rows();
--> statement-breakpoint
CREATE TRIGGER announce_deletes AFTER DELETE ON "scenarios" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_scenario_rows();
