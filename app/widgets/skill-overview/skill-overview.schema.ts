import { z } from 'zod'
import type { SkillName } from '#app/lib/skills.ts'

/** What an author writes: `::skill-overview` (the skills and their methods come from data/skills/). */
export const skillOverviewSchema = z.strictObject({})
export type SkillOverviewProps = z.infer<typeof skillOverviewSchema>

/** One level band of a skill's levelling guide, reduced to its one-line method. */
type SkillOverviewRange = { from: number; to: number; method: string }

export type SkillOverviewSkill = { skill: SkillName; ranges: SkillOverviewRange[] }

/**
 * The component's props: what the build adds (the author writes no attributes), every skill in
 * game order with the method lines of its levelling guide.
 */
export type SkillOverviewWidgetProps = { skills?: SkillOverviewSkill[] }
