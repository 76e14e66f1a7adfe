/**
 * Collaborators on the presence layer, in screen space: what each has selected (outlined in their
 * colour) and their cursor with a name tag. Peer data comes from awareness and is already parsed
 * by Presence; a colour the canvas does not understand is simply ignored by it.
 */
import Konva from 'konva';
import type { DocumentStore } from '../DocumentStore.ts';
import type { Peer } from '../types.ts';
import type { Viewport } from '../Viewport.ts';
import { FONT_FAMILY, SHAPE_DEFAULTS } from './NodeView.ts';
import { traceNode } from './SelectionView.ts';

const LABEL_FONT = `600 12px ${FONT_FAMILY}`;
/** Longest name drawn on a cursor tag, characters. */
const MAX_NAME = 32;

export class PresenceView {
  readonly shape: Konva.Shape;

  constructor(
    private readonly store: DocumentStore,
    private readonly viewport: Viewport,
    private readonly peers: () => readonly Peer[],
  ) {
    this.shape = new Konva.Shape({ ...SHAPE_DEFAULTS, sceneFunc: (ctx) => this.draw(ctx._context) });
  }

  private draw(c: CanvasRenderingContext2D): void {
    const peers = this.peers();
    if (peers.length === 0) return;
    c.lineWidth = 2;
    for (const peer of peers) {
      if (peer.selection.length === 0) continue;
      c.beginPath();
      for (const id of peer.selection) {
        const node = this.store.get(id);
        if (node) traceNode(c, node, this.viewport);
      }
      c.strokeStyle = peer.user.color;
      c.stroke();
    }
    const { width, height } = this.viewport.size;
    c.font = LABEL_FONT;
    c.textBaseline = 'middle';
    for (const peer of peers) {
      if (!peer.cursor) continue;
      const p = this.viewport.canvasToScreen(peer.cursor);
      if (p.x < -20 || p.y < -20 || p.x > width + 20 || p.y > height + 20) continue;
      c.save();
      c.translate(Math.round(p.x), Math.round(p.y));
      // The classic arrow pointer, tip at the cursor position.
      c.beginPath();
      c.moveTo(0, 0);
      c.lineTo(0, 16);
      c.lineTo(4.5, 12);
      c.lineTo(8, 19);
      c.lineTo(10.5, 18);
      c.lineTo(7, 11);
      c.lineTo(12.5, 11);
      c.closePath();
      c.fillStyle = peer.user.color;
      c.strokeStyle = '#ffffff';
      c.lineWidth = 1.5;
      c.fill();
      c.stroke();
      const name = peer.user.name.length > MAX_NAME ? `${peer.user.name.slice(0, MAX_NAME - 1)}…` : peer.user.name;
      const w = Math.ceil(c.measureText(name).width) + 12;
      c.beginPath();
      c.roundRect(12, 18, w, 20, 6);
      c.fill();
      c.fillStyle = '#ffffff';
      c.fillText(name, 18, 28);
      c.restore();
    }
  }
}
