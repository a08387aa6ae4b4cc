// The accepted file types are pure data the upload page needs too: they live in app/lib.
export * from '#app/lib/file-types.ts'
