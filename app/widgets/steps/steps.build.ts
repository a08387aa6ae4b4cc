import type { WidgetBuild } from '../widget-build.ts'

export const stepsBuild: WidgetBuild = {
	collect(_props, ctx) {
		if (!ctx.children.some((c) => c.type === 'list' && c.ordered)) ctx.fail('steps must contain an ordered list ("1. …")')
	},
}
