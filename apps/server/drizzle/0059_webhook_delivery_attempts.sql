-- The attempt that claimed a webhook delivery (issue 37): each claim writes a new id, and an attempt records its
-- outcome only while the delivery is still its own, so a cut-off worker's late attempt relabels nothing.
ALTER TABLE "webhook_deliveries" ADD COLUMN "attempt_id" uuid;
