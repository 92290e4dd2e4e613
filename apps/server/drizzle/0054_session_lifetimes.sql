-- Sessions and devices (issue 39 part 4). Written by hand like 0036 onwards. A session records the browser and
-- address it is used from and how it was opened; it ends after an idle timeout or an absolute lifetime that the
-- super admin sets (session_lifetimes, at most one row; none: the defaults of packages/contracts). Both are
-- measured from last_seen_at and created_at against the current setting, so expires_at goes.
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sign_in_method" text;--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "expires_at";--> statement-breakpoint
-- A pending two-factor sign-in keeps the way in of its first step for the session it opens.
ALTER TABLE "two_factor_challenges" ADD COLUMN "sign_in_method" text;--> statement-breakpoint
CREATE TABLE "session_lifetimes" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("id"),
	"idle_minutes" integer NOT NULL,
	"absolute_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer REFERENCES "users"("id") ON DELETE SET NULL
);
