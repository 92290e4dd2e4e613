-- A pending two-factor sign-in keeps the project its first step joined (a Google sign-in that accepted an
-- invitation), so that the second step can send the person there. Written by hand like 0036 onwards.
ALTER TABLE "two_factor_challenges" ADD COLUMN "joined_project_id" integer;--> statement-breakpoint
ALTER TABLE "two_factor_challenges" ADD CONSTRAINT "two_factor_challenges_joined_project_id_projects_id_fk" FOREIGN KEY ("joined_project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;
