import { useState } from 'react'
import { PlayerDataProvider } from '#app/player/player-data.tsx'
import SkillDrawer from '#app/skill-guides/skill-drawer.tsx'

/** A skill result's levelling guide: the skill badge's drawer, without a required level. */
export default function SkillGuideDrawer({ skill, onClose }: { skill: string; onClose: () => void }) {
	const [open, setOpen] = useState(true)
	return (
		<PlayerDataProvider>
			<SkillDrawer
				skill={skill}
				open={open}
				onOpenChange={setOpen}
				// Unmounted once the closing animation is over, so the next skill opens fresh.
				onClosed={onClose}
			/>
		</PlayerDataProvider>
	)
}
