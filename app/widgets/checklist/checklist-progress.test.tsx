// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react'
import { use } from 'react'
import { afterEach, expect, test } from 'vitest'
import Checklist, { ChecklistContext, ChecklistItem } from './checklist.tsx'
import { progressKey } from './checklist-state.ts'

const ids = ['unlock', 'minimap', 'chatbox', 'lock']

/** A checklist, and how many times something reading its context (as every item does) rendered. */
function renderChecklist() {
	const renders = { count: 0 }
	function LikeAnItem() {
		use(ChecklistContext)
		renders.count++
		return null
	}
	render(
		<Checklist id="demo" itemIds={ids}>
			<ul>
				{ids.map((id) => (
					<ChecklistItem key={id} id={id}>
						{`Item ${id}`}
					</ChecklistItem>
				))}
			</ul>
			<LikeAnItem />
		</Checklist>,
	)
	return renders
}

const box = (id: string) => screen.getByRole('checkbox', { name: `Item ${id}` }) as HTMLInputElement

afterEach(() => localStorage.clear())

test('with nothing saved, loading the progress renders no item again (a long list did, in one task, after hydration)', () => {
	const renders = renderChecklist()
	expect(renders.count).toBe(1)
	expect(ids.map((id) => box(id).checked)).toEqual([false, false, false, false])
	expect(screen.getByText('0 of 4 done')).toBeTruthy()
})

test('saved ticks show once loaded, and a new tick is saved on top of them', () => {
	localStorage.setItem(progressKey('demo'), JSON.stringify(['minimap']))
	renderChecklist()
	expect(box('minimap').checked).toBe(true)
	fireEvent.click(box('lock'))
	expect(box('lock').checked).toBe(true)
	expect(JSON.parse(localStorage.getItem(progressKey('demo')) ?? '[]')).toEqual(['minimap', 'lock'])
	fireEvent.click(screen.getByRole('button', { name: 'Reset' }))
	expect(localStorage.getItem(progressKey('demo'))).toBeNull()
})
