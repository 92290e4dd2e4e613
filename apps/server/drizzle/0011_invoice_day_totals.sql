CREATE TABLE "invoice_day_totals" (
	"project_id" integer NOT NULL,
	"day" date NOT NULL,
	"credit_micros" bigint NOT NULL,
	"credit_count" integer NOT NULL,
	"debit_micros" bigint NOT NULL,
	"debit_count" integer NOT NULL,
	"units_milli" bigint NOT NULL,
	"free_units_milli" bigint NOT NULL,
	CONSTRAINT "invoice_day_totals_project_id_day_pk" PRIMARY KEY("project_id","day")
);
--> statement-breakpoint
CREATE TABLE "invoice_day_totals_zones" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"timezone" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_day_totals" ADD CONSTRAINT "invoice_day_totals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_day_totals_zones" ADD CONSTRAINT "invoice_day_totals_zones_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;