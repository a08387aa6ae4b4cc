CREATE TABLE "tracker_daily_gains" (
	"player_id" integer NOT NULL,
	"day" date NOT NULL,
	"xp_gained" integer[] NOT NULL,
	CONSTRAINT "tracker_daily_gains_player_id_day_pk" PRIMARY KEY("player_id","day")
);
--> statement-breakpoint
CREATE TABLE "tracker_gain_records" (
	"player_id" integer NOT NULL,
	"period" text NOT NULL,
	"skill" smallint NOT NULL,
	"xp" bigint NOT NULL,
	"start" date NOT NULL,
	"from_backfill" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tracker_gain_records_player_id_period_skill_pk" PRIMARY KEY("player_id","period","skill")
);
--> statement-breakpoint
CREATE TABLE "tracker_period_gains" (
	"player_id" integer NOT NULL,
	"period" text NOT NULL,
	"start" date NOT NULL,
	"skill" smallint NOT NULL,
	"xp" bigint NOT NULL,
	CONSTRAINT "tracker_period_gains_player_id_period_start_skill_pk" PRIMARY KEY("player_id","period","start","skill")
);
--> statement-breakpoint
ALTER TABLE "tracker_daily_gains" ADD CONSTRAINT "tracker_daily_gains_player_id_tracked_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."tracked_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_gain_records" ADD CONSTRAINT "tracker_gain_records_player_id_tracked_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."tracked_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_period_gains" ADD CONSTRAINT "tracker_period_gains_player_id_tracked_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."tracked_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracker_period_gains_board" ON "tracker_period_gains" USING btree ("period","start","skill","xp" DESC NULLS LAST,"player_id");