import type { CanvasNode } from '@tessera/shared/canvas';
import { FrameNodeView } from './FrameNodeView.ts';
import { ImageNodeView } from './ImageNodeView.ts';
import type { NodeView } from './NodeView.ts';
import { PlaceholderNodeView } from './PlaceholderNodeView.ts';
import { ShapeNodeView } from './ShapeNodeView.ts';
import { TextNodeView } from './TextNodeView.ts';
import { VideoNodeView } from './VideoNodeView.ts';

/** The full-detail view for a node's type (a node that changes type, e.g. a placeholder resolved in place, gets a new view). */
export function createNodeView(node: CanvasNode): NodeView {
  switch (node.type) {
    case 'image':
      return new ImageNodeView(node);
    case 'video':
      return new VideoNodeView(node);
    case 'text':
      return new TextNodeView(node);
    case 'shape':
      return new ShapeNodeView(node);
    case 'frame':
      return new FrameNodeView(node);
    case 'placeholder':
      return new PlaceholderNodeView(node);
  }
}
