/**
 * A template drawn small when it has no preview: its cards as boxes and its wires as lines (the
 * graph, in the detail dialog) or, on a card, its inputs and steps as a chain in run order.
 * Decoration only: the steps are named in text beside it.
 */
import type { FlowTemplateGraph, FlowTemplateSummary } from '@tessera/shared/flows/templates';
import { sketch } from './templateModel.ts';

const BOX = 'fill-[var(--color-surface-2)] stroke-[var(--color-border)]';

export function GraphSketch({ graph, className }: { graph: FlowTemplateGraph; className?: string }) {
  const { nodes, wires } = sketch(graph, 320, 160);
  return (
    <svg viewBox="0 0 320 160" className={className} aria-hidden data-testid="flow-template-sketch">
      {wires.map((w) => (
        <path key={w.id} d={`M${w.x1},${w.y1} C${(w.x1 + w.x2) / 2},${w.y1} ${(w.x1 + w.x2) / 2},${w.y2} ${w.x2},${w.y2}`} className="fill-none stroke-[var(--color-accent)]" strokeWidth={1.5} />
      ))}
      {nodes.map((n) => (
        <rect key={n.id} x={n.x} y={n.y} width={n.width} height={n.height} rx={Math.min(6, n.height / 4)} className={n.step ? BOX : 'fill-[var(--color-surface)] stroke-[var(--color-border)]'} strokeWidth={1} />
      ))}
    </svg>
  );
}

/** Inputs stacked on the left, then one box per step kind, wired left to right. */
export function ChainSketch({ template, className }: { template: Pick<FlowTemplateSummary, 'inputs' | 'kinds'>; className?: string }) {
  const inputs = Math.min(template.inputs.length, 3);
  const steps = Math.max(1, Math.min(template.kinds.length, 4));
  const columns = steps + (inputs > 0 ? 1 : 0);
  const gap = 16;
  const width = (320 - 32 - gap * (columns - 1)) / columns;
  const height = 44;
  const mid = 80;
  const x = (column: number) => 16 + column * (width + gap);
  const inputY = (i: number) => mid - (inputs * (height * 0.7) + (inputs - 1) * 8) / 2 + i * (height * 0.7 + 8);
  return (
    <svg viewBox="0 0 320 160" className={className} aria-hidden data-testid="flow-template-sketch">
      {Array.from({ length: inputs }, (_, i) => (
        <g key={`i${i}`}>
          <path d={`M${x(0) + width},${inputY(i) + height * 0.35} L${x(1)},${mid}`} className="fill-none stroke-[var(--color-accent)]" strokeWidth={1.5} />
          <rect x={x(0)} y={inputY(i)} width={width} height={height * 0.7} rx={6} className="fill-[var(--color-surface)] stroke-[var(--color-border)]" />
        </g>
      ))}
      {Array.from({ length: steps }, (_, i) => {
        const column = i + (inputs > 0 ? 1 : 0);
        return (
          <g key={`s${i}`}>
            {i > 0 && <path d={`M${x(column - 1) + width},${mid} L${x(column)},${mid}`} className="stroke-[var(--color-accent)]" strokeWidth={1.5} />}
            <rect x={x(column)} y={mid - height / 2} width={width} height={height} rx={8} className={BOX} />
          </g>
        );
      })}
    </svg>
  );
}
