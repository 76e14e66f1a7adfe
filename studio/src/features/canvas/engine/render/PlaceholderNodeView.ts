/**
 * A generation in flight: a rounded box with a shimmering band, the progress bar and percentage,
 * the stage and who asked — everything from the live ProgressStore, fed by the project's socket
 * events, so every collaborator sees the same thing. A failed one gets a red outline and the
 * catalogue message.
 */
import type { PlaceholderNode } from '@tessera/shared/canvas';
import Konva from 'konva';
import { FONT_FAMILY, NodeView, SHAPE_DEFAULTS, type ViewContext } from './NodeView.ts';

/** One sweep of the shimmer, ms. */
const SHIMMER_MS = 1600;

export class PlaceholderNodeView extends NodeView<PlaceholderNode> {
  private readonly box: Konva.Rect;
  private readonly shimmer: Konva.Shape;
  private readonly bar: Konva.Rect;
  private readonly barFill: Konva.Rect;
  private readonly label: Konva.Text;
  private phase = 0;

  constructor(node: PlaceholderNode) {
    super(node);
    this.box = new Konva.Rect({ ...SHAPE_DEFAULTS });
    this.shimmer = new Konva.Shape({
      ...SHAPE_DEFAULTS,
      sceneFunc: (context) => {
        const c = context._context;
        const w = this.shimmer.width();
        const h = this.shimmer.height();
        const band = w * 0.4;
        const x = -band + (w + band) * this.phase;
        const gradient = c.createLinearGradient(x, 0, x + band, 0);
        gradient.addColorStop(0, 'rgba(255,255,255,0)');
        gradient.addColorStop(0.5, 'rgba(255,255,255,0.65)');
        gradient.addColorStop(1, 'rgba(255,255,255,0)');
        c.fillStyle = gradient;
        c.fillRect(Math.max(0, x), 0, Math.min(w, x + band) - Math.max(0, x), h);
      },
    });
    this.bar = new Konva.Rect({ ...SHAPE_DEFAULTS, fill: '#e0e7ff' });
    this.barFill = new Konva.Rect({ ...SHAPE_DEFAULTS, fill: '#6366f1' });
    this.label = new Konva.Text({ ...SHAPE_DEFAULTS, fontFamily: FONT_FAMILY, align: 'center', verticalAlign: 'middle', lineHeight: 1.35 });
    this.root.add(this.box, this.shimmer, this.bar, this.barFill, this.label);
  }

  override animating(): boolean {
    return this.node.status !== 'failed';
  }

  protected override live(): boolean {
    return true;
  }

  protected apply(node: PlaceholderNode, ctx: ViewContext): void {
    const failed = node.status === 'failed';
    const { width: w, height: h } = node;
    const radius = Math.min(12 / ctx.zoom, w / 8, h / 8);
    this.box.setAttrs({
      width: w,
      height: h,
      cornerRadius: radius,
      fill: failed ? '#fef2f2' : '#f3f4f6',
      stroke: failed ? '#ef4444' : '#d1d5db',
      strokeWidth: (failed ? 2 : 1) / ctx.zoom,
    });
    this.phase = ((ctx.now % SHIMMER_MS) + SHIMMER_MS) % SHIMMER_MS / SHIMMER_MS;
    this.shimmer.setAttrs({ width: w, height: h, visible: !failed });

    const progress = ctx.progress(node.id);
    const pad = Math.min(16 / ctx.zoom, w / 10);
    const barH = Math.min(6 / ctx.zoom, h / 20);
    const percent = progress ? Math.round(progress.progress) : 0;
    this.bar.setAttrs({ x: pad, y: h - pad - barH, width: w - 2 * pad, height: barH, cornerRadius: barH / 2, visible: !failed });
    this.barFill.setAttrs({ x: pad, y: h - pad - barH, width: ((w - 2 * pad) * percent) / 100, height: barH, cornerRadius: barH / 2, visible: !failed && percent > 0 });

    const by = progress?.by?.name ?? node.generation.requestedBy.name;
    const lines = failed
      ? [ctx.labels.failed, node.error?.message ?? '']
      : [`${percent}%`, progress?.stage || (node.status === 'queued' ? ctx.labels.queued : ''), by ? ctx.labels.by(by) : ''];
    this.label.setAttrs({
      text: lines.filter(Boolean).join('\n'),
      x: pad,
      y: 0,
      width: Math.max(1, w - 2 * pad),
      height: Math.max(1, h - 2 * pad - barH),
      fontSize: Math.min(w / 12, h / 6, 14 / ctx.zoom),
      fill: failed ? '#b91c1c' : '#374151',
    });
  }
}
