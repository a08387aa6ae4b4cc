import { useEffect, useState } from 'react'
import { remaining } from '#app/lib/countdown.ts'
import { formatDateTime } from '#app/lib/format-date.ts'

/** `2 days 3 h 4 min 5 s`; leading units of 0 left out. */
function duration(ms: number): string {
	const left = remaining(ms, 0)
	const parts = [
		[left.days, left.days === 1 ? 'day' : 'days'],
		[left.hours, 'h'],
		[left.minutes, 'min'],
		[left.seconds, 's'],
	] as const
	const first = parts.findIndex(([value]) => value > 0)
	return parts
		.slice(first < 0 ? 3 : first)
		.map(([value, unit]) => `${value} ${unit}`)
		.join(' ')
}

/** What the page says of the competition's time at `now`. */
export function timeLeftText(startsAt: Date, endsAt: Date, now: number): string {
	if (now < startsAt.getTime()) return `Starts in ${duration(startsAt.getTime() - now)}`
	if (now < endsAt.getTime()) return `Ends in ${duration(endsAt.getTime() - now)}`
	return `Finished ${formatDateTime(endsAt.toISOString())}`
}

/**
 * The time left, as the server worked it out at `now`; once the page runs in a browser it counts
 * down each second, from the server's time (the browser's clock may be off).
 */
export function TimeLeft({ startsAt, endsAt, now }: { startsAt: Date; endsAt: Date; now: number }) {
	const [time, setTime] = useState(now)
	useEffect(() => {
		const skew = now - Date.now()
		const timer = setInterval(() => setTime(Date.now() + skew), 1000)
		return () => clearInterval(timer)
	}, [now])
	return (
		<p className="mt-2 text-lg font-semibold" data-time-left="">
			{timeLeftText(startsAt, endsAt, time)}
		</p>
	)
}
