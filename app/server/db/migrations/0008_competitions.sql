CREATE TABLE "competition_metrics" (
	"competition_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"metric" text NOT NULL,
	"weight" double precision NOT NULL,
	CONSTRAINT "competition_metrics_competition_id_position_pk" PRIMARY KEY("competition_id","position"),
	CONSTRAINT "competition_metrics_once" UNIQUE("competition_id","metric"),
	CONSTRAINT "competition_metrics_weight" CHECK ("competition_metrics"."weight" > 0)
);
--> statement-breakpoint
CREATE TABLE "competition_participants" (
	"competition_id" integer NOT NULL,
	"player_key" text NOT NULL,
	"name" text NOT NULL,
	"team" smallint,
	CONSTRAINT "competition_participants_competition_id_player_key_pk" PRIMARY KEY("competition_id","player_key")
);
--> statement-breakpoint
CREATE TABLE "competition_teams" (
	"competition_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "competition_teams_competition_id_position_pk" PRIMARY KEY("competition_id","position"),
	CONSTRAINT "competition_teams_name" UNIQUE("competition_id","name")
);
--> statement-breakpoint
CREATE TABLE "competitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"group_id" integer,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"frozen_at" timestamp with time zone,
	CONSTRAINT "competitions_dates" CHECK ("competitions"."ends_at" > "competitions"."starts_at"),
	CONSTRAINT "competitions_length" CHECK ("competitions"."ends_at" - "competitions"."starts_at" <= interval '90 days')
);
--> statement-breakpoint
CREATE TABLE "discord_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discord_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"webhook_id" integer NOT NULL,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_reason" text,
	CONSTRAINT "discord_outbox_once" UNIQUE("webhook_id","event_key"),
	CONSTRAINT "discord_outbox_kind" CHECK ("discord_outbox"."kind" in ('competition-starting-soon', 'competition-started', 'competition-ending-soon', 'competition-finished', 'member-joined', 'member-left', 'milestone', 'log-match'))
);
--> statement-breakpoint
CREATE TABLE "discord_webhooks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discord_webhooks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer,
	"competition_id" integer,
	"discord_id" text NOT NULL,
	"token" text NOT NULL,
	"events" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "discord_webhooks_group" UNIQUE("group_id"),
	CONSTRAINT "discord_webhooks_competition" UNIQUE("competition_id"),
	CONSTRAINT "discord_webhooks_owner" CHECK (("discord_webhooks"."group_id" is null) <> ("discord_webhooks"."competition_id" is null)),
	CONSTRAINT "discord_webhooks_events" CHECK ("discord_webhooks"."events" <@ array['competition-starting-soon', 'competition-started', 'competition-ending-soon', 'competition-finished', 'member-joined', 'member-left', 'milestone', 'log-match']::text[])
);
--> statement-breakpoint
ALTER TABLE "competition_metrics" ADD CONSTRAINT "competition_metrics_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_participants" ADD CONSTRAINT "competition_participants_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_participants" ADD CONSTRAINT "competition_participants_team_fk" FOREIGN KEY ("competition_id","team") REFERENCES "public"."competition_teams"("competition_id","position") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_teams" ADD CONSTRAINT "competition_teams_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discord_outbox" ADD CONSTRAINT "discord_outbox_webhook_id_discord_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."discord_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discord_webhooks" ADD CONSTRAINT "discord_webhooks_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discord_webhooks" ADD CONSTRAINT "discord_webhooks_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competition_participants_player" ON "competition_participants" USING btree ("player_key");--> statement-breakpoint
CREATE INDEX "competitions_starts" ON "competitions" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "competitions_ends" ON "competitions" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "competitions_group" ON "competitions" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "discord_outbox_pending" ON "discord_outbox" USING btree ("next_attempt_at") WHERE "discord_outbox"."sent_at" is null and "discord_outbox"."failed_reason" is null;--> statement-breakpoint
CREATE INDEX "discord_outbox_sent" ON "discord_outbox" USING btree ("webhook_id","kind","sent_at");