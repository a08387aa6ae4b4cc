/**
 * The server's log: one line per event on stderr, with the time. `LOG_LEVEL=silent` (set for unit
 * tests in vitest.config.ts) turns it off.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors'

function write(line: string) {
	if (process.env.LOG_LEVEL !== 'silent') process.stderr.write(`${new Date().toISOString()} ${line}\n`)
}

/** The log (an object, so a test can spy on one method). */
export const log = {
	/** Something an operator may want to know: a start, a setting fixed, a connection back. */
	info(line: string) {
		write(line)
	},
	/** A request refused for looking like an attack, or another thing an operator may want to notice: one line, no stack. */
	warn(line: string) {
		write(`warning: ${line}`)
	},
	/** A failure the code expected (an upstream error, a lost connection): one line, no stack. */
	error(line: string) {
		write(line)
	},
	/**
	 * An error nobody expected, logged once where it is turned into an answer: `where` says what
	 * failed; the stack follows. A database error is logged with its query and cause but never the
	 * query's parameters (they hold what readers typed).
	 */
	unexpected(where: string, error: unknown) {
		write(`${where}: unexpected error: ${describeError(error)}`)
	},
}

/** An error as a log text: the stack when there is one, a failed query without its parameters. */
export function describeError(error: unknown): string {
	if (error instanceof DrizzleQueryError) {
		return `database query failed: ${error.query}\n  cause: ${describeCause(error.cause)}\n${stackFrames(error)}`
	}
	if (error instanceof Error) return error.stack ?? error.message
	return String(error)
}

/** The driver's own error: its code and message only (PostgreSQL's `detail` may quote values). */
function describeCause(cause: unknown): string {
	if (!(cause instanceof Error)) return String(cause)
	const code = (cause as { code?: unknown }).code
	return `${typeof code === 'string' ? `${code} ` : ''}${cause.message}`
}

function stackFrames(error: Error): string {
	return (error.stack ?? '')
		.split('\n')
		.filter((line) => line.trimStart().startsWith('at '))
		.join('\n')
}
