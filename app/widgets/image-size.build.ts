import type { WidgetBuildContext } from './widget-build.ts'

/**
 * Adds the width and height of a widget's image under public/, so the page does not jump when it
 * loads. Props that give their own width, or an image elsewhere, are left as they are.
 */
export function withImageSize<P extends { width?: number }>(
	props: P,
	src: string | undefined,
	ctx: WidgetBuildContext,
): P & { width?: number; height?: number } {
	if (!src?.startsWith('/') || props.width !== undefined) return props
	const size = ctx.publicFiles.imageSize(src)
	if (!size) ctx.fail(`image ${src} does not exist in public/ (or its size cannot be read)`)
	return { ...props, ...size }
}
