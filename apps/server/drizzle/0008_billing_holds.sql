CREATE TABLE "billing_holds" (
	"task_id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"units_milli" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_holds_units_check" CHECK ("billing_holds"."units_milli" >= 0)
);
--> statement-breakpoint
ALTER TABLE "billing_holds" ADD CONSTRAINT "billing_holds_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_holds" ADD CONSTRAINT "billing_holds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_holds_project_idx" ON "billing_holds" USING btree ("project_id");