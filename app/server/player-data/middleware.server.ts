import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { toWebRequest } from '../storage/node-http.server.ts'
import type { PlayerDataHandler } from './handler.server.ts'

/**
 * Serves `GET /api/v1/player-data` straight from Express: the answers are small JSON, and
 * skipping React Router's request pipeline keeps cached lookups fast under load.
 */
export function playerDataMiddleware(handler: PlayerDataHandler) {
	return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
		// The app server sets x-client-ip itself (from the socket, or X-Forwarded-For with TRUST_PROXY).
		handler(toWebRequest(req), String(req.headers['x-client-ip'] ?? 'unknown'))
			.then(async (response) => {
				res.status(response.status)
				for (const [name, value] of response.headers) res.setHeader(name, value)
				res.end(await response.text())
			})
			.catch(next)
	}
}
