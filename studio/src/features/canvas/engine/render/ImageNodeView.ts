/**
 * An image node: the picture at the level of detail its screen size needs, a grey box while
 * nothing of it has loaded, and an error box when it cannot be loaded. While a sharper variant
 * loads, the view keeps drawing the best one it already has (no flashing during zoom).
 */
import type { ImageNode } from '@tessera/shared/canvas';
import Konva from 'konva';
import type { ImageEntry } from './imageCache.ts';
import { FONT_FAMILY, NodeView, SHAPE_DEFAULTS, type ViewContext } from './NodeView.ts';

export const LOADING_FILL = '#e5e7eb';
export const ERROR_FILL = '#fef2f2';
export const ERROR_STROKE = '#f87171';

/** Picks what to draw for `src` now: the wanted variant when loaded, else what is shown, else any loaded variant. */
export function pickImage(ctx: ViewContext, src: string, cssWidth: number, shown: ImageEntry | null): { draw: ImageEntry | null; failed: boolean } {
  const wanted = ctx.images.request(ctx.imageUrl(src, cssWidth), src);
  if (wanted.state === 'loaded') return { draw: wanted, failed: false };
  if (shown && shown.family === src) return { draw: shown, failed: false };
  const fallback = ctx.images.bestLoaded(src);
  return { draw: fallback, failed: !fallback && wanted.state === 'error' };
}

export class ImageNodeView extends NodeView<ImageNode> {
  private readonly box: Konva.Rect;
  private readonly picture: Konva.Image;
  private errorText: Konva.Text | null = null;
  private shown: ImageEntry | null = null;

  constructor(node: ImageNode) {
    super(node);
    this.box = new Konva.Rect({ ...SHAPE_DEFAULTS, fill: LOADING_FILL });
    this.picture = new Konva.Image({ ...SHAPE_DEFAULTS, image: undefined, visible: false });
    this.root.add(this.box, this.picture);
  }

  protected override live(): boolean {
    return true;
  }

  protected apply(node: ImageNode, ctx: ViewContext): void {
    const { draw, failed } = pickImage(ctx, node.src, node.width * ctx.zoom, this.shown);
    this.shown = draw;
    this.picture.setAttrs({ width: node.width, height: node.height, image: draw?.image, visible: !!draw });
    this.box.setAttrs({
      width: node.width,
      height: node.height,
      visible: !draw,
      fill: failed ? ERROR_FILL : LOADING_FILL,
      stroke: failed ? ERROR_STROKE : undefined,
      strokeWidth: 1 / ctx.zoom,
    });
    this.showError(failed ? ctx.labels.imageError : null, node, ctx);
  }

  private showError(text: string | null, node: ImageNode, ctx: ViewContext): void {
    if (!text) {
      this.errorText?.visible(false);
      return;
    }
    this.errorText ??= new Konva.Text({ ...SHAPE_DEFAULTS, fontFamily: FONT_FAMILY, fill: '#b91c1c', align: 'center', verticalAlign: 'middle' });
    if (!this.errorText.getParent()) this.root.add(this.errorText);
    this.errorText.setAttrs({ text, visible: true, width: node.width, height: node.height, fontSize: Math.min(node.height / 6, 13 / ctx.zoom), padding: 4 / ctx.zoom });
  }
}
