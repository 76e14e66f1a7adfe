/**
 * The toolbar's "Add image" (issue 22): besides dropping and pasting, an image from this device
 * (uploaded with progress by MediaDrop) or one of my creations, placed in free space near the
 * centre of the view and selected. A menu button: Enter, Space or the arrow keys open it.
 */
import type { CreationDto } from '@tessera/shared/creations';
import { ImagePlus, Images, Upload } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn.ts';
import { CreationPicker } from '../../media/CreationPicker.tsx';
import { rectCenter } from '../engine/geometry.ts';
import { useCanvasSession } from './canvasSession.ts';

const ITEM = 'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2';

export function AddImageButton({ className }: { className: string }) {
  const { t } = useTranslation(['canvas', 'common']);
  const { manager, readOnly, focusStage } = useCanvasSession();
  const input = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const label = t('addImage.label');

  const placeCreation = (creation: CreationDto) => {
    setPicking(false);
    const width = creation.width ?? 512;
    const height = creation.height ?? width;
    manager.placeMedia(
      [{ src: creation.url, width, height, mediaType: 'image', name: creation.prompt?.trim() || t(`common:kinds.${creation.kind}`) }],
      rectCenter(manager.viewport.visibleRect()),
      { free: true },
    );
    focusStage();
  };

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild disabled={readOnly}>
          <button type="button" title={label} aria-label={label} className={cn(className, 'text-muted hover:bg-surface-2 hover:text-fg')} data-testid="tool-addImage">
            <ImagePlus size={18} aria-hidden />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            side="right"
            align="start"
            sideOffset={8}
            collisionPadding={8}
            className="z-50 flex min-w-52 flex-col rounded-xl border border-border bg-surface p-1 shadow-xl"
            data-testid="add-image-menu"
          >
            <DropdownMenu.Item className={ITEM} onSelect={() => input.current?.click()} data-testid="add-image-upload">
              <Upload size={16} aria-hidden /> {t('addImage.upload')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={ITEM} onSelect={() => setPicking(true)} data-testid="add-image-creations">
              <Images size={16} aria-hidden /> {t('addImage.creations')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-hidden
        tabIndex={-1}
        data-testid="add-image-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) manager.addFiles(files);
          focusStage();
        }}
      />
      {!readOnly && <CreationPicker open={picking} onOpenChange={setPicking} onPick={placeCreation} />}
    </>
  );
}
