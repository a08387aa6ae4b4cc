ALTER TABLE "competition_participants" ADD COLUMN "start_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "competition_participants" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discord_webhooks" ADD COLUMN "log_matches" text[] DEFAULT '{}'::text[] NOT NULL;