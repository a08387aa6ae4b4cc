import type { BoardQuery, GainsQuery } from '#app/tracker/api-params.ts'
import type { ChartSubject } from '#app/tracker/chart-series.ts'
import { playerPath, TOP_GAINERS_PATH } from '#app/lib/player-paths.ts'

/** The player page with a gains period or range and a chart subject (defaults left out). */
export function playerPageHref(name: string, gains: GainsQuery, chart: ChartSubject): string {
	const params = new URLSearchParams()
	if ('period' in gains) {
		if (gains.period !== 'week') params.set('period', gains.period)
	} else {
		params.set('from', gains.from)
		params.set('to', gains.to)
	}
	if (chart !== 'total') params.set('chart', chart)
	const query = params.toString()
	return query ? `${playerPath(name)}?${query}` : playerPath(name)
}

export const PRIVACY_PATH = '/privacy'

/** Where anyone submits "old name → new name" (the groups feature checks and applies it). */
export const NAME_CHANGES_PATH = '/names'

/** A top-gainers board: `/players?period=month&skill=magic&page=2&after=…` (defaults left out). */
export function topGainersHref(query: BoardQuery): string {
	const params = new URLSearchParams()
	if (query.period !== 'week') params.set('period', query.period)
	if (query.skill !== 'overall') params.set('skill', query.skill)
	if (query.date) params.set('date', query.date)
	if (query.page > 1) params.set('page', String(query.page))
	if (query.page > 1 && query.after) params.set('after', query.after)
	const search = params.toString()
	return search ? `${TOP_GAINERS_PATH}?${search}` : TOP_GAINERS_PATH
}
