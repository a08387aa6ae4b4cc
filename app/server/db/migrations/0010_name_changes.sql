CREATE TABLE "name_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "name_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"old_key" text NOT NULL,
	"old_name" text NOT NULL,
	"new_key" text NOT NULL,
	"new_name" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"reason" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "name_changes_status" CHECK ("name_changes"."status" in ('pending', 'applied')),
	CONSTRAINT "name_changes_source" CHECK ("name_changes"."source" in ('visitor', 'roster')),
	CONSTRAINT "name_changes_applied" CHECK (("name_changes"."status" = 'applied') = ("name_changes"."applied_at" is not null))
);
--> statement-breakpoint
CREATE INDEX "name_changes_old_key" ON "name_changes" USING btree ("old_key","applied_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "name_changes_one_pending" ON "name_changes" USING btree ("old_key") WHERE "name_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "name_changes_recent" ON "name_changes" USING btree ("submitted_at" DESC NULLS LAST);