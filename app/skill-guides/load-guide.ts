import type { SkillGuide } from '#app/skill-guides/schema.ts'

// One chunk per guide (compiled from data/skills/ by build-data), fetched when its drawer opens.
const GUIDES = import.meta.glob<SkillGuide>('../generated/skill-guides/*.json', {
	import: 'default',
})

/** A guide, `null` when the skill has none, or 'failed' when its file could not be loaded. */
export type GuideResult = SkillGuide | null | 'failed'

const loaded = new Map<string, Promise<GuideResult>>()

/** The same promise for a skill until it fails (a failure is tried again on the next call). */
export function loadSkillGuide(skill: string, guides = GUIDES): Promise<GuideResult> {
	const key = skill.toLowerCase()
	let promise = loaded.get(key)
	if (!promise) {
		const load = guides[`../generated/skill-guides/${key}.json`]
		promise = load
			? load().catch(() => {
					loaded.delete(key)
					return 'failed' as const
				})
			: Promise.resolve(null)
		loaded.set(key, promise)
	}
	return promise
}
