/**
 * The chat's side of agent planning (issue 24), without React: a planner note in my language
 * (its code translated with its parameters — kinds by their names, a wire's problem by the
 * refusal the canvas shows — the English `message` only for a code this studio does not know),
 * the media key a brief may start from (an image on the canvas that is our own stored media), and
 * the removal of a proposal the server drew: its nodes (with their wires) in ONE transaction with
 * my local origin, so "Undo" is itself one step of my history (the server's writes are not).
 */
import type { FlowEdge, RunScope } from '@tessera/shared/flows';
import { type FlowPlanNote, FLOW_NOTE_CODES, type FlowProposeResult } from '@tessera/shared/flows/plan';
import { removeFlowNode } from '@tessera/shared/flows/document';
import { parseImageRef } from '@tessera/shared/generation';
import type { TFunction } from 'i18next';
import type * as Y from 'yjs';

const KNOWN = new Set<string>(FLOW_NOTE_CODES);

/** A planner note as the person reads it. */
export function noteText(t: TFunction<['flows', 'common']>, note: FlowPlanNote): string {
  if (!KNOWN.has(note.code)) return note.message;
  const params: Record<string, string | number> = { ...note.params };
  if (typeof params.kind === 'string') params.kind = t(`common:kinds.${params.kind}`, { defaultValue: params.kind });
  if (typeof params.problem === 'string') params.problem = t(`flows:refused.${params.problem}`, { defaultValue: t('flows:refused.other') });
  if (typeof params.port === 'string' && note.code === 'media_input_dropped') params.port = t(`flows:port.${params.port}`, { defaultValue: params.port });
  return t(`flows:planner.notes.${note.code}`, { ...params, defaultValue: note.message });
}

/** The stored media key of an image reference (`/api/media/<key>` or a bare key), else null: a brief starts only from our own media. */
export function mediaKeyOf(src: string | null | undefined): string | null {
  const ref = src ? parseImageRef(src) : null;
  return ref?.kind === 'key' ? ref.key : null;
}

/** Removes what is left of a proposal (nodes and their wires), one transaction with `origin`. */
export function removeProposal(doc: Y.Doc, origin: object, nodeIds: readonly string[]): void {
  doc.transact(() => {
    for (const id of nodeIds) removeFlowNode(doc, id);
  }, origin);
}

/**
 * What "Review price and run" prices: the first proposed step and what follows it when that
 * reaches every proposed step (a proposal is usually one chain), else the whole flow.
 */
export function proposalScope(result: Pick<FlowProposeResult, 'steps'>, edges: readonly Pick<FlowEdge, 'from' | 'to'>[]): RunScope {
  const first = result.steps[0];
  if (!first) return { kind: 'all' };
  const reached = new Set([first.id]);
  const queue = [first.id];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const edge of edges) {
      if (edge.from !== id || reached.has(edge.to)) continue;
      reached.add(edge.to);
      queue.push(edge.to);
    }
  }
  return result.steps.every((s) => reached.has(s.id)) ? { kind: 'downstream', stepId: first.id } : { kind: 'all' };
}
