-- Each flight carries its row of the flights list as JSON text, written by a trigger whenever the
-- row is written, so listing a scenario's flights (10,000 on the design day of a big airport)
-- joins stored texts instead of formatting every value of every row on each read. The keys, their
-- order and the formats are the response schema's (server/routes/listJson.ts STORED_LIST_JSON);
-- tests/api/listJson.test.ts checks the list against the row path, so a column added without
-- updating this function is noticed.
ALTER TABLE "flights" ADD COLUMN "list_json" text;
--> statement-breakpoint
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
    to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at
  ) r;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER flights_list_json BEFORE INSERT OR UPDATE ON "flights" FOR EACH ROW EXECUTE FUNCTION flights_list_json();
--> statement-breakpoint
UPDATE "flights" SET "list_json" = NULL;
