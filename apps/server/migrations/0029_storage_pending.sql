CREATE TABLE "storage_pending" (
	"key" text PRIMARY KEY NOT NULL,
	"instance" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "storage_pending_created_idx" ON "storage_pending" USING btree ("created_at");