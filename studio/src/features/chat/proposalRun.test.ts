import type { PromptProposal } from '@tessera/shared/chat';
import { describe, expect, it } from 'vitest';
import { proposalInput, proposalKind, proposalKinds } from './proposalRun.ts';

const TEXT: PromptProposal = { prompt: 'a kite', aspectRatio: '16:9', label: 'Wide' };
const FROM_IMAGE: PromptProposal = { ...TEXT, imageNodeId: 'photo-1' };

describe('chat proposal runs', () => {
  it('runs as image to image only when the proposal starts from a canvas image', () => {
    expect(proposalKind(TEXT)).toBe('text_to_image');
    expect(proposalKind(FROM_IMAGE)).toBe('image_to_image');
  });

  it('prices on the fields the server sends (image to image keeps the source shape)', () => {
    expect(proposalInput(TEXT)).toEqual({ prompt: 'a kite', aspectRatio: '16:9' });
    expect(proposalInput(FROM_IMAGE)).toEqual({ prompt: 'a kite' });
  });

  it('lists each kind of a message once, text to image first', () => {
    expect(proposalKinds([FROM_IMAGE, TEXT, TEXT])).toEqual(['text_to_image', 'image_to_image']);
    expect(proposalKinds([FROM_IMAGE])).toEqual(['image_to_image']);
    expect(proposalKinds([])).toEqual([]);
  });
});
