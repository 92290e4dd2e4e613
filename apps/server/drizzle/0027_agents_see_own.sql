-- Projects that exist keep showing every analysis to their users until an admin turns the scope on.
ALTER TABLE "projects" ADD COLUMN "agents_see_own" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "agents_see_own" SET DEFAULT true;
