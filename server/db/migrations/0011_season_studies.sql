ALTER TABLE "scenarios" ADD COLUMN "provenance" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "flight_schedule_files" ADD COLUMN "season" jsonb;