import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
	// The server build's entry is our Express app, which mounts the React Router handler.
	environments: { ssr: { build: { rollupOptions: { input: './app/server/app.server.ts' } } } },
	build: { assetsInlineLimit: 0 },
	plugins: [tailwindcss(), reactRouter()],
})
