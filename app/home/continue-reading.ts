/** The last guide page the reader opened, as kept in localStorage for "Continue reading". */
export const LAST_READ_KEY = 'reading:last'

export type LastRead = { path: string; title: string }

/** The stored value, or null when there is none or it is not ours (hand-edited, another version). */
export function parseLastRead(raw: string | null): LastRead | null {
	if (!raw) return null
	try {
		const value = JSON.parse(raw) as unknown
		if (!value || typeof value !== 'object') return null
		const { path, title } = value as Record<string, unknown>
		// Only a path on this site: never an address somewhere else.
		if (typeof path !== 'string' || !/^\/(?!\/)\S*$/.test(path)) return null
		if (typeof title !== 'string' || !title.trim()) return null
		return { path, title: title.trim() }
	} catch {
		return null
	}
}
