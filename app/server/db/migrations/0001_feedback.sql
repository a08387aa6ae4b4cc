CREATE TABLE "feedback_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"page" text NOT NULL,
	"reason" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "feedback_reports_reason" CHECK ("feedback_reports"."reason" in ('outdated', 'incorrect', 'unclear', 'other')),
	CONSTRAINT "feedback_reports_page_length" CHECK (char_length("feedback_reports"."page") <= 200),
	CONSTRAINT "feedback_reports_message_length" CHECK (char_length("feedback_reports"."message") <= 1000)
);
--> statement-breakpoint
CREATE INDEX "feedback_reports_created" ON "feedback_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "feedback_reports_page" ON "feedback_reports" USING btree ("page","created_at");