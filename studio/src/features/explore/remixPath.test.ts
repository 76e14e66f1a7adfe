import { describe, expect, it } from 'vitest';
import { remixPath } from './remixPath.ts';

describe('remixPath', () => {
  it('opens the AI image form with the prompt, the mode and the LoRA', () => {
    expect(remixPath({ kind: 'text_to_image', params: { prompt: 'a red fox & the moon', aspectRatio: '1:1' } })).toBe('/app/ai-image?prompt=a+red+fox+%26+the+moon&mode=text');
    expect(remixPath({ kind: 'text_to_image', params: { prompt: 'fox', loraId: 'ink-wash' } })).toBe('/app/ai-image?prompt=fox&mode=text&lora=ink-wash');
    expect(remixPath({ kind: 'image_to_image', params: { prompt: 'as a painting', style: 'oil' } })).toBe('/app/ai-image?prompt=as+a+painting&mode=image');
    expect(remixPath({ kind: 'text_to_image', params: {} })).toBe('/app/ai-image?mode=text');
  });

  it('round-trips the prompt through the URL the AI image page reads', () => {
    const prompt = 'line one\nline two, 100% "quoted" #tag';
    const path = remixPath({ kind: 'text_to_image', params: { prompt } })!;
    expect(new URLSearchParams(path.split('?')[1]).get('prompt')).toBe(prompt);
  });

  it('opens the tool page of a tool kind', () => {
    expect(remixPath({ kind: 'upscale', params: { scale: 2 } })).toBe('/app/ai-tools/upscaler');
    expect(remixPath({ kind: 'background_remover', params: {} })).toBe('/app/ai-tools/background-remover');
    expect(remixPath({ kind: 'inpaint', params: { prompt: 'x' } })).toBe('/app/ai-tools/inpaint');
  });

  it('opens the effect page of a template kind', () => {
    expect(remixPath({ kind: 'photo_effect', params: { templateId: 'sepia-dream' } })).toBe('/photo-effects/sepia-dream');
    expect(remixPath({ kind: 'video_effect', params: { templateId: 'zoom-in' } })).toBe('/video-effects/zoom-in');
    expect(remixPath({ kind: 'product_photo', params: { templateId: 'studio-white' } })).toBe('/photo-effects/studio-white');
    expect(remixPath({ kind: 'model_fitting', params: {} })).toBe('/photo-effects');
  });

  it('offers no remix for protected content or kinds without a form', () => {
    expect(remixPath(null)).toBeNull();
    expect(remixPath({ kind: 'text_to_speech', params: { prompt: 'hi' } })).toBeNull();
  });
});
