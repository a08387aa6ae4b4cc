// The accepted file types are pure data the upload page needs too: they live in app/lib.
export * from '#app/dashboard/file-types.ts'
