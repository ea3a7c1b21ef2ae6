ALTER TABLE "flights" ADD COLUMN "seats_estimated" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The flights list (0010, 0014) answers whether the seats were estimated, after the seats.
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
    NEW.seats_estimated AS seats_estimated,
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
-- Recomputing the stored list is no planner's change: kept out of the History and the live changes.
ALTER TABLE "flights" DISABLE TRIGGER "announce_updates";
--> statement-breakpoint
UPDATE "flights" SET "list_json" = NULL;
--> statement-breakpoint
ALTER TABLE "flights" ENABLE TRIGGER "announce_updates";
--> statement-breakpoint
-- A grown scenario's growth factors by sector were recorded as region_factors; they are sector_factors now.
UPDATE "scenarios"
SET "provenance" = jsonb_set("provenance" #- '{growth,region_factors}', '{growth,sector_factors}', "provenance" -> 'growth' -> 'region_factors')
WHERE "provenance" -> 'growth' ? 'region_factors';
--> statement-breakpoint
-- Growth can take flights away now; a scenario grown before took none.
UPDATE "scenarios"
SET "provenance" = jsonb_set(jsonb_set("provenance", '{growth,removed_flights}', '[]'), '{growth,removed_by_airline}', '{}')
WHERE "provenance" ? 'growth' AND NOT ("provenance" -> 'growth' ? 'removed_flights');
