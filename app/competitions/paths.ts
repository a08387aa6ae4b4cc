export const COMPETITIONS_PATH = '/competitions'

export const competitionPath = (id: number) => `${COMPETITIONS_PATH}/${id}`

/** The standings as CSV, from the JSON API (`competitions-api.server.ts`). */
export const standingsCsvPath = (id: number) => `/api/v1/competitions/${id}/standings.csv`
