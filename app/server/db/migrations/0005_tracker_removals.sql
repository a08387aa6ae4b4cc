CREATE TABLE "tracker_removals" (
	"key" text PRIMARY KEY NOT NULL,
	"removed_at" timestamp with time zone NOT NULL
);
