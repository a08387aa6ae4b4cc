import { getEnv } from '#app/server/env.server.ts'
import { playerDataConfigFromEnv } from '#app/server/player-data/config.server.ts'
import {
	createPlayerDataHandler,
	type PlayerDataHandler,
} from '#app/server/player-data/handler.server.ts'
import type { Route } from './+types/api.v1.player-data'

// Built on first use, so importing the module (typegen, build) needs no env; then kept for the
// life of the process, with its cache and rate limiter.
let handler: PlayerDataHandler | undefined

/** `GET /api/v1/player-data?username=<name>&quests=true`: shapes in `#app/lib/player/types.ts`. */
export async function loader({ request }: Route.LoaderArgs) {
	handler ??= createPlayerDataHandler(playerDataConfigFromEnv(getEnv()))
	// The app server sets x-client-ip itself (from the socket, or X-Forwarded-For with TRUST_PROXY).
	return handler(request, request.headers.get('x-client-ip') ?? 'unknown')
}
