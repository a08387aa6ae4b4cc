import type { ImageTableRow } from './image-table.schema.ts'

/** `locked` wins over `hovered`; while a row is locked, hovering changes nothing. */
export type ImageTableState = { hovered?: string; locked?: string }

export type ImageTableAction = { type: 'hover'; id: string } | { type: 'leave'; id: string } | { type: 'click'; id: string }

export function imageTableReducer(state: ImageTableState, action: ImageTableAction): ImageTableState {
	switch (action.type) {
		case 'hover':
			return state.locked !== undefined || state.hovered === action.id ? state : { hovered: action.id }
		case 'leave':
			return state.locked !== undefined || state.hovered !== action.id ? state : {}
		case 'click':
			// Clicking the locked row unlocks it and shows the base image until the next hover.
			return state.locked === action.id ? {} : { locked: action.id }
	}
}

/** The row whose image is shown, if any. */
export function shownRow(rows: readonly ImageTableRow[], state: ImageTableState): ImageTableRow | undefined {
	const id = state.locked ?? state.hovered
	return id === undefined ? undefined : rows.find((row) => row.id === id)
}

/** The image shown when no row is hovered or locked. */
export function baseImage(base: string | undefined, rows: readonly ImageTableRow[]): string {
	return base ?? rows[0]?.hoverImage ?? ''
}
