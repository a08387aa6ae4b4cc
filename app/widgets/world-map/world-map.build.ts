import { withImageSize } from '../image-size.build.ts'
import type { WidgetBuild } from '../widget-build.ts'
import type { WorldMapProps } from './world-map.schema.ts'

export const worldMapBuild: WidgetBuild = {
	enrich: (props: WorldMapProps, ctx) => withImageSize(props, props.src, ctx),
}
