CREATE TABLE "tracker_log_coverage" (
	"player_id" integer NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tracker_log_coverage_player_id_from_at_pk" PRIMARY KEY("player_id","from_at")
);
--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "next_check_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "roster_checked_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tracker_log_coverage" ADD CONSTRAINT "tracker_log_coverage_player_id_tracked_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."tracked_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_members_due" ON "group_members" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "groups_daily_sync" ON "groups" USING btree ("roster_checked_at") WHERE "groups"."clan_name" is not null and not "groups"."locked";