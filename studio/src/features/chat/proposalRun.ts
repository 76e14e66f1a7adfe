/**
 * What running a chat proposal means (issue 18): the kind it runs as — image to image when the
 * proposal starts from a canvas image, else text to image, as the server's `runProposals` decides
 * — and the input its price is computed on, so the run button shows the picked model's cost with
 * the rule the server charges by.
 */
import type { PromptProposal } from '@tessera/shared/chat';

export type ProposalKind = 'text_to_image' | 'image_to_image';

export function proposalKind(proposal: Pick<PromptProposal, 'imageNodeId'>): ProposalKind {
  return proposal.imageNodeId ? 'image_to_image' : 'text_to_image';
}

/** The fields of the task input that a model's price can depend on. */
export function proposalInput(proposal: Pick<PromptProposal, 'prompt' | 'aspectRatio' | 'imageNodeId'>): Record<string, unknown> {
  return proposal.imageNodeId ? { prompt: proposal.prompt } : { prompt: proposal.prompt, aspectRatio: proposal.aspectRatio };
}

/** The kinds a message's proposals run as, in a stable order (one picker each). */
export function proposalKinds(proposals: readonly Pick<PromptProposal, 'imageNodeId'>[]): ProposalKind[] {
  const kinds = new Set(proposals.map(proposalKind));
  return (['text_to_image', 'image_to_image'] as const).filter((kind) => kinds.has(kind));
}
