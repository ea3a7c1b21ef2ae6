ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "scenarios" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "airports" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "aircraft" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "airlines" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "turnup_profiles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "flight_schedule_files" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "segregations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bags_per_allocation_rules" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "flight_import_rules" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "segregation_rules" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "baggage_allocations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "passenger_movement_graphs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "resource_allocations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "simulation_runs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sizing_plans" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Every row's version is raised here, whoever writes it (a route, a job, a bulk write, an import),
-- when a value other than updated_at and the trigger's arguments (columns whose change is not an
-- edit: a user's last sign-in, a flight's list JSON) differs; a write that changes nothing keeps
-- both. Named to fire before the other BEFORE triggers (by name), so that flights_list_json
-- writes the version this one sets.
CREATE FUNCTION bump_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ignored text[] := ARRAY['version', 'updated_at'] || TG_ARGV;
  before jsonb := to_jsonb(OLD);
  after jsonb := to_jsonb(NEW);
BEGIN
  IF (after - ignored) IS DISTINCT FROM (before - ignored) THEN
    NEW.version := OLD.version + 1;
  ELSE
    NEW.version := OLD.version;
    IF before ? 'updated_at' THEN
      NEW := jsonb_populate_record(NEW, jsonb_build_object('updated_at', before -> 'updated_at'));
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN SELECT table_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_name = 'version' AND table_name NOT IN ('users', 'flights')
  LOOP
    EXECUTE format('CREATE TRIGGER bump_version BEFORE UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION bump_row_version()', t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER bump_version BEFORE UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION bump_row_version('last_login', 'otp_last_step');
--> statement-breakpoint
CREATE TRIGGER bump_version BEFORE UPDATE ON "flights" FOR EACH ROW EXECUTE FUNCTION bump_row_version('list_json');
--> statement-breakpoint
-- The flights list (0010) answers each row's version too.
CREATE OR REPLACE FUNCTION flights_list_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT row_to_json(r)::text INTO NEW.list_json FROM (SELECT
    NEW.source_id AS source_id,
    NEW.airline_id AS airline_id,
    NEW.flight_number AS flight_number,
    NEW.suffix AS suffix,
    NEW.direction AS direction,
    NEW.origin AS origin,
    NEW.destination AS destination,
    to_char(NEW.scheduled AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS scheduled,
    NEW.aircraft_id AS aircraft_id,
    NEW.seats AS seats,
    NEW.load_factor AS load_factor,
    NEW.passengers AS passengers,
    NEW.sector AS sector,
    NEW.terminal_id AS terminal_id,
    NEW.zone_id AS zone_id,
    NEW.makeup_zone_id AS makeup_zone_id,
    NEW.turnup_profile_id AS turnup_profile_id,
    NEW.locked AS locked,
    NEW.id AS id,
    NEW.scenario_id AS scenario_id,
    to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
    to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at,
    NEW.version AS version
  ) r;
  RETURN NEW;
END
$$;
--> statement-breakpoint
UPDATE "flights" SET "list_json" = NULL;
