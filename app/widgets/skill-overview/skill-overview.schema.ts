import { z } from 'zod'
import type { SkillName } from '#app/lib/skills.ts'

/** What an author writes: `::skill-overview` (the skills and their methods come from data/skills/). */
export const skillOverviewSchema = z.strictObject({})
export type SkillOverviewProps = z.infer<typeof skillOverviewSchema>

/** One level band of a skill's levelling guide, reduced to its one-line method. */
export type SkillOverviewRange = { from: number; to: number; method: string }

export type SkillOverviewSkill = { skill: SkillName; ranges: SkillOverviewRange[] }

/** Added by the build: every skill in game order, with the method lines of its levelling guide. */
export type SkillOverviewData = { skills?: SkillOverviewSkill[] }

/** The author writes no attributes, so the component's props are what the build adds. */
export type SkillOverviewWidgetProps = SkillOverviewData
