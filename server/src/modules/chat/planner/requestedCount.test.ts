import { CHAT_MAX_IMAGES } from '@tessera/shared/chat';
import { describe, expect, it } from 'vitest';
import { requestedImageCount } from './requestedCount.ts';

describe('requestedImageCount', () => {
  it.each([
    ['two images of a red fox in the snow', 2],
    ['Make 2 pictures of a lighthouse', 2],
    ['can you draw three different watercolour versions of my cat?', 3],
    ['a couple of photos of a beach at dawn', 2],
    ['give me a pair of square images of a teapot', 2],
    ['4 variations please', 4],
    ['one image of a dog', 1],
    ['Two Pictures of the sea', 2],
  ])('reads %j as %i', (text, count) => {
    expect(requestedImageCount(text)).toBe(count);
  });

  it('caps a larger request at what one message may make', () => {
    expect(requestedImageCount('ten images of a forest')).toBe(CHAT_MAX_IMAGES);
    expect(requestedImageCount('make 25 pictures of cats')).toBe(CHAT_MAX_IMAGES);
  });

  it('finds no count where the number is part of the picture, not the request', () => {
    expect(requestedImageCount('a red fox in the snow')).toBeNull();
    expect(requestedImageCount('two cats on a sofa')).toBeNull();
    expect(requestedImageCount('a 16:9 image of a castle')).toBeNull();
    expect(requestedImageCount('a 1920x1080 picture of a castle')).toBeNull();
    expect(requestedImageCount('0 images')).toBeNull();
  });
});
