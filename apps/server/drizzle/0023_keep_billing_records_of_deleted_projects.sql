CREATE TABLE "deleted_projects" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_project_id_projects_id_fk";
