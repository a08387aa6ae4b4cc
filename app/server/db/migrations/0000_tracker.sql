CREATE TABLE "tracker_activities" (
	"player_id" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"text" text NOT NULL,
	"details" text NOT NULL,
	CONSTRAINT "tracker_activities_player_id_occurred_at_text_pk" PRIMARY KEY("player_id","occurred_at","text")
);
--> statement-breakpoint
CREATE TABLE "tracker_backfill_months" (
	"player_id" integer NOT NULL,
	"month" date NOT NULL,
	"xp_gained" integer[] NOT NULL,
	CONSTRAINT "tracker_backfill_months_player_id_month_pk" PRIMARY KEY("player_id","month")
);
--> statement-breakpoint
CREATE TABLE "tracker_opt_outs" (
	"key" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracker_quest_completions" (
	"player_id" integer NOT NULL,
	"title" text NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "tracker_quest_completions_player_id_title_pk" PRIMARY KEY("player_id","title")
);
--> statement-breakpoint
CREATE TABLE "tracker_snapshots" (
	"player_id" integer NOT NULL,
	"source" smallint NOT NULL,
	"quest_points" smallint,
	"taken_at" timestamp with time zone NOT NULL,
	"rank" integer,
	"quests_complete" smallint,
	"quests_started" smallint,
	"skills" "bytea" NOT NULL,
	CONSTRAINT "tracker_snapshots_player_id_taken_at_pk" PRIMARY KEY("player_id","taken_at")
);
--> statement-breakpoint
CREATE TABLE "tracked_players" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracked_players_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"name" text NOT NULL,
	"tracked_since" timestamp with time zone NOT NULL,
	"last_checked_at" timestamp with time zone NOT NULL,
	"last_fetch_at" timestamp with time zone NOT NULL,
	"last_looked_up_at" timestamp with time zone NOT NULL,
	"profile" text NOT NULL,
	"quests_known_since" timestamp with time zone,
	"backfill_state" text DEFAULT 'pending' NOT NULL,
	"backfill_attempts" smallint DEFAULT 0 NOT NULL,
	"backfill_next_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracked_players_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "tracker_activities" ADD CONSTRAINT "tracker_activities_player_id_tracked_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."tracked_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_backfill_months" ADD CONSTRAINT "tracker_backfill_months_player_id_tracked_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."tracked_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_quest_completions" ADD CONSTRAINT "tracker_quest_completions_player_id_tracked_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."tracked_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_snapshots" ADD CONSTRAINT "tracker_snapshots_player_id_tracked_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."tracked_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracked_players_refresh" ON "tracked_players" USING btree ("last_fetch_at");--> statement-breakpoint
CREATE INDEX "tracked_players_backfill" ON "tracked_players" USING btree ("backfill_next_at") WHERE "tracked_players"."backfill_state" = 'pending';