CREATE TABLE "group_members" (
	"group_id" integer NOT NULL,
	"player_key" text NOT NULL,
	"name" text NOT NULL,
	"rank" text,
	"total_xp" bigint,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "group_members_group_id_player_key_pk" PRIMARY KEY("group_id","player_key"),
	CONSTRAINT "group_members_rank" CHECK ("group_members"."rank" in ('Owner', 'Deputy Owner', 'Overseer', 'Coordinator', 'Organiser', 'Admin', 'General', 'Captain', 'Lieutenant', 'Sergeant', 'Corporal', 'Recruit'))
);
--> statement-breakpoint
CREATE TABLE "group_roster_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_roster_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"player_key" text NOT NULL,
	"player_name" text NOT NULL,
	"previous_key" text,
	"previous_name" text,
	"from_rank" text,
	"to_rank" text,
	CONSTRAINT "group_roster_events_type" CHECK ("group_roster_events"."type" in ('joined', 'left', 'rank-changed', 'renamed')),
	CONSTRAINT "group_roster_events_ranks" CHECK ("group_roster_events"."from_rank" in ('Owner', 'Deputy Owner', 'Overseer', 'Coordinator', 'Organiser', 'Admin', 'General', 'Captain', 'Lieutenant', 'Sergeant', 'Corporal', 'Recruit') and "group_roster_events"."to_rank" in ('Owner', 'Deputy Owner', 'Overseer', 'Coordinator', 'Organiser', 'Admin', 'General', 'Captain', 'Lieutenant', 'Sergeant', 'Corporal', 'Recruit'))
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"clan_name" text,
	"code_hash" text NOT NULL,
	"citadel_reset_weekday" smallint,
	"citadel_reset_minute" smallint,
	"locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"roster_at" timestamp with time zone NOT NULL,
	CONSTRAINT "groups_citadel_reset" CHECK (("groups"."citadel_reset_weekday" is null) = ("groups"."citadel_reset_minute" is null)),
	CONSTRAINT "groups_citadel_reset_weekday" CHECK ("groups"."citadel_reset_weekday" between 0 and 6),
	CONSTRAINT "groups_citadel_reset_minute" CHECK ("groups"."citadel_reset_minute" between 0 and 1439)
);
--> statement-breakpoint
CREATE TABLE "log_entry_kinds" (
	"player_id" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"skill" smallint,
	"subject" text,
	"amount" bigint,
	CONSTRAINT "log_entry_kinds_player_id_occurred_at_text_pk" PRIMARY KEY("player_id","occurred_at","text"),
	CONSTRAINT "log_entry_kinds_kind" CHECK ("log_entry_kinds"."kind" in ('level', 'xp-milestone', 'quest', 'boss-kill', 'drop', 'clue', 'citadel-visit', 'citadel-cap', 'clan-fealty', 'other'))
);
--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_roster_events" ADD CONSTRAINT "group_roster_events_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_entry_kinds" ADD CONSTRAINT "log_entry_kinds_activity_fk" FOREIGN KEY ("player_id","occurred_at","text") REFERENCES "public"."tracker_activities"("player_id","occurred_at","text") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_members_player" ON "group_members" USING btree ("player_key");--> statement-breakpoint
CREATE INDEX "group_roster_events_feed" ON "group_roster_events" USING btree ("group_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "group_roster_events_player" ON "group_roster_events" USING btree ("player_key");--> statement-breakpoint
CREATE INDEX "log_entry_kinds_by_kind" ON "log_entry_kinds" USING btree ("player_id","kind","occurred_at" DESC NULLS LAST);