import { expect, test } from 'vitest'
import { checkNameChangeInput } from './name-change-input.server.ts'

test('two valid names that are not one player', () => {
	expect(checkNameChangeInput({ oldName: ' old_olga ', newName: 'New-Nia' })).toEqual({
		ok: true,
		value: { oldName: { name: 'old olga', key: 'old olga' }, newName: { name: 'New Nia', key: 'new nia' } },
	})
})

test('the first problem names its field', () => {
	expect(checkNameChangeInput({ newName: 'New Nia' })).toMatchObject({ ok: false, code: 'INVALID_PARAMETER', parameter: 'oldName' })
	expect(checkNameChangeInput({ oldName: 'Old Olga', newName: 'Bad<name>' })).toEqual({
		ok: false,
		code: 'INVALID_PARAMETER',
		message: 'newName: RuneScape names use only letters, digits, spaces, "-" and "_" (found "<", ">").',
		parameter: 'newName',
	})
	expect(checkNameChangeInput({ oldName: 'Old Olga', newName: 'far too long a name' })).toMatchObject({ parameter: 'newName' })
	expect(checkNameChangeInput({ oldName: 'Old Olga', newName: 'old_OLGA' })).toEqual({
		ok: false,
		code: 'INVALID_PARAMETER',
		message: 'newName: the new name must differ from the old one.',
		parameter: 'newName',
	})
	expect(checkNameChangeInput({ oldName: 'Old Olga', newName: 'New Nia', why: 1 })).toMatchObject({ parameter: 'why' })
	expect(checkNameChangeInput(['Old Olga', 'New Nia'])).toMatchObject({ ok: false, code: 'INVALID_BODY' })
})
