ALTER TABLE "project_members" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "project_members" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "project_members" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- A member's role is versioned as every item planners change (0014), so that two owners changing one member's role do not overwrite each other.
CREATE TRIGGER bump_version BEFORE UPDATE ON "project_members" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
