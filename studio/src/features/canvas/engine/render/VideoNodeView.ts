/**
 * A video node: its poster (or a dark box) with a play badge; double-clicking it (the engine's
 * `nodeActivated`) plays it in place, muted so no browser blocks autoplay, drawing the video
 * element's current frame every animation frame until paused.
 */
import type { VideoNode } from '@tessera/shared/canvas';
import Konva from 'konva';
import type { ImageEntry } from './imageCache.ts';
import { pickImage } from './ImageNodeView.ts';
import { NodeView, SHAPE_DEFAULTS, type ViewContext } from './NodeView.ts';

const VIDEO_FILL = '#111827';
/** Badge diameter in CSS pixels (constant on screen). */
const BADGE_PX = 36;

export class VideoNodeView extends NodeView<VideoNode> {
  private readonly box: Konva.Rect;
  private readonly picture: Konva.Image;
  private readonly badge: Konva.Shape;
  private shown: ImageEntry | null = null;
  private video: HTMLVideoElement | null = null;
  /** The node's `src` the video element was made for. */
  private videoSrc: string | null = null;
  private playing = false;
  private onFrameReady: (() => void) | null = null;

  constructor(node: VideoNode) {
    super(node);
    this.box = new Konva.Rect({ ...SHAPE_DEFAULTS, fill: VIDEO_FILL });
    this.picture = new Konva.Image({ ...SHAPE_DEFAULTS, image: undefined, visible: false });
    this.badge = new Konva.Shape({
      ...SHAPE_DEFAULTS,
      sceneFunc: (context) => {
        const c = context._context;
        const r = this.badge.width() / 2;
        c.beginPath();
        c.arc(r, r, r, 0, Math.PI * 2);
        c.fillStyle = 'rgba(17,24,39,0.6)';
        c.fill();
        c.fillStyle = '#ffffff';
        c.beginPath();
        c.moveTo(r * 0.78, r * 0.55);
        c.lineTo(r * 1.45, r);
        c.lineTo(r * 0.78, r * 1.45);
        c.closePath();
        c.fill();
      },
    });
    this.root.add(this.box, this.picture, this.badge);
  }

  get isPlaying(): boolean {
    return this.playing;
  }

  /** Plays or pauses in place; `onFrame` is called when a video frame is ready to draw. */
  toggle(onFrame: () => void): void {
    if (this.playing) {
      this.video?.pause();
      this.playing = false;
      onFrame();
      return;
    }
    if (!this.video) {
      const video = document.createElement('video');
      video.muted = true;
      video.loop = true;
      video.playsInline = true;
      video.crossOrigin = 'anonymous';
      video.preload = 'auto';
      video.src = this.node.src;
      this.video = video;
      this.videoSrc = this.node.src;
      this.onFrameReady = () => {
        this.picture.image(video);
        onFrame();
      };
      video.addEventListener('loadeddata', this.onFrameReady);
    }
    this.playing = true;
    this.video.play().catch(() => {
      // Not playable (format, network): back to the poster.
      this.playing = false;
      onFrame();
    });
    onFrame();
  }

  override animating(): boolean {
    return this.playing;
  }

  override destroy(): void {
    this.releaseVideo();
    super.destroy();
  }

  private releaseVideo(): void {
    const video = this.video;
    if (!video) return;
    video.pause();
    if (this.onFrameReady) video.removeEventListener('loadeddata', this.onFrameReady);
    // Releases the decoder and the network connection.
    video.removeAttribute('src');
    video.load();
    this.video = null;
    this.videoSrc = null;
    this.onFrameReady = null;
    this.playing = false;
  }

  protected override live(): boolean {
    return true;
  }

  protected apply(node: VideoNode, ctx: ViewContext): void {
    // The node now points at another video (regenerated): start over from its poster.
    if (this.video && node.src !== this.videoSrc) this.releaseVideo();
    const videoReady = !!this.video && this.video.readyState >= 2 && (this.playing || this.video.currentTime > 0);
    let image: CanvasImageSource | undefined;
    if (videoReady && this.video) image = this.video;
    else if (node.poster) {
      this.shown = pickImage(ctx, node.poster, node.width * ctx.zoom, this.shown).draw;
      image = this.shown?.image;
    }
    this.picture.setAttrs({ width: node.width, height: node.height, image, visible: !!image });
    this.box.setAttrs({ width: node.width, height: node.height, visible: !image });
    const d = Math.min(BADGE_PX / ctx.zoom, node.width / 2, node.height / 2);
    this.badge.setAttrs({ width: d, height: d, x: node.width / 2 - d / 2, y: node.height / 2 - d / 2, visible: !this.playing && !ctx.exporting });
  }
}
