-- Webhook deliveries of one analysis reach an endpoint in order (issue 36): the analysis each is about, and an
-- index of the pending ones to find the one before.
ALTER TABLE "webhook_deliveries" ADD COLUMN "task_id" integer;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_order_idx" ON "webhook_deliveries" USING btree ("endpoint_id","task_id","id") WHERE "webhook_deliveries"."status" = 'pending' AND "webhook_deliveries"."task_id" IS NOT NULL;
