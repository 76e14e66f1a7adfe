/** Sends a template request to the RPC its type uses (§7 video.createVideoByTemplate, template2Image.*). */
import type { TemplateType } from '@tessera/shared/catalog';
import type { useTRPCClient } from '../../lib/trpc.ts';

type Client = ReturnType<typeof useTRPCClient>;

export interface TemplateImages {
  /** The photo, product or person the template works on. */
  image: string;
  /** The garment (model fitting only). */
  garment?: string;
}

/** Image inputs each template type needs, in form order. */
export function templateImageSlots(type: TemplateType): readonly (keyof TemplateImages)[] {
  return type === 'model_fitting' ? ['image', 'garment'] : ['image'];
}

/** `model` is the picked catalogue model (`{}` when there was no choice). */
export function startTemplateTask(client: Client, template: { id: string; type: TemplateType }, images: TemplateImages, model: { model?: string } = {}): Promise<{ id: string }> {
  const templateId = template.id;
  switch (template.type) {
    case 'video_effect':
    case 'pro_effect':
      return client.video.createVideoByTemplate.mutate({ templateId, image: images.image, ...model });
    case 'photo_effect':
    case 'image_template':
      return client.template2Image.create.mutate({ templateId, image: images.image, ...model });
    case 'product_photo':
      return client.template2Image.productPromotionalImage.mutate({ templateId, image: images.image, ...model });
    case 'model_fitting':
      if (!images.garment) return Promise.reject(new Error('A garment image is required.'));
      return client.template2Image.modelFitting.mutate({ templateId, image: images.image, garment: images.garment, ...model });
  }
}
