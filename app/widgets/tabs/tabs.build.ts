import type { ContainerDirective } from 'mdast-util-directive'
import type { WidgetBuild } from '../widget-build.ts'

/** Tabs take their labels from their `::::tab{label}` blocks; nothing else may sit inside. */
export const tabsBuild: WidgetBuild = {
	collect(props, ctx) {
		const labels: string[] = []
		for (const child of ctx.children) {
			if (child.type === 'containerDirective' && child.name === 'tab') {
				labels.push(String(child.attributes?.label ?? ''))
			} else {
				ctx.fail(`tabs may only contain ::::tab{label="…"} blocks (found ${child.type})`, child)
			}
		}
		props.labels = labels
		const duplicate = labels.find((l, i) => labels.indexOf(l) !== i)
		if (duplicate) ctx.fail(`two tabs are labelled "${duplicate}"`)
		if (typeof props.default === 'string' && !labels.includes(props.default)) {
			ctx.fail(`tabs default="${props.default}" is not one of the labels: ${labels.join(', ')}`)
		}
	},
}

export const tabBuild: WidgetBuild = {
	collect(_props, ctx) {
		const inTabs = ctx.parent?.type === 'containerDirective' && (ctx.parent as ContainerDirective).name === 'tabs'
		if (!inTabs) ctx.fail('a ::::tab must sit directly inside a :::::tabs block')
	},
}
