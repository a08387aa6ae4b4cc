/** Every feature's tables, for the query builder's relational API and for drizzle.config.ts. */
export * from '#app/tracker/server/schema.ts'
export * from '#app/feedback/server/schema.ts'
export * from '#app/groups/server/schema.ts'
export * from '#app/competitions/server/schema.ts'
