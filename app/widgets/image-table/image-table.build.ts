import { withImageSize } from '../image-size.build.ts'
import type { WidgetBuild } from '../widget-build.ts'
import type { ImageTableProps } from './image-table.schema.ts'

/** The table's base image (or its first row's) gives the size, so the page does not jump when it loads. */
export const imageTableBuild: WidgetBuild = {
	enrich: (props: ImageTableProps, ctx) => withImageSize(props, props.base ?? props.rows?.[0]?.hoverImage, ctx),
}
