CREATE TABLE "competition_standings" (
	"competition_id" integer NOT NULL,
	"player_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"has_snapshot_before" boolean NOT NULL,
	"first_snapshot_within" timestamp with time zone,
	"standing" json NOT NULL,
	"progress" json NOT NULL,
	CONSTRAINT "competition_standings_competition_id_player_key_pk" PRIMARY KEY("competition_id","player_key")
);
--> statement-breakpoint
ALTER TABLE "tracked_players" ADD COLUMN "history_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "competition_standings" ADD CONSTRAINT "competition_standings_participant_fk" FOREIGN KEY ("competition_id","player_key") REFERENCES "public"."competition_participants"("competition_id","player_key") ON DELETE cascade ON UPDATE cascade;