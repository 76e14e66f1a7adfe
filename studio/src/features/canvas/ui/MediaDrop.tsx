/**
 * Files dropped on, pasted into or added to the canvas (the engine's `filesReceived`): each is
 * uploaded through the media upload endpoint with progress shown here, then all that arrived are
 * placed together where they were dropped, or in free space near the view when added with the
 * toolbar's button (one undo step), named after their files. Anything else than images and videos, or too
 * large, is refused before uploading.
 */
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reactToError } from '../../errors/errorReactions.ts';
import { TOAST_DURATION_MS } from '../../../lib/site.ts';
import { toast } from '../../../lib/toast.tsx';
import { ProgressBar } from '../../generate/ProgressBar.tsx';
import { MAX_UPLOAD_BYTES, type UploadedMedia, uploadMedia } from '../../media/uploadImage.ts';
import type { CanvasManager } from '../engine/CanvasManager.ts';
import { useCanvasSession } from './canvasSession.ts';

/** The server's video limit (server/src/media/upload.routes.ts MAX_VIDEO_UPLOAD_BYTES). */
const MAX_VIDEO_BYTES = 100 * 1024 * 1024;

interface Upload {
  id: number;
  name: string;
  progress: number;
}

/** Why a file cannot go on the canvas, or null when it can be uploaded. */
export function refuseFile(file: { type: string; size: number }): 'type' | 'size' | null {
  const video = file.type.startsWith('video/');
  if (!video && !file.type.startsWith('image/')) return 'type';
  if (file.size > (video ? MAX_VIDEO_BYTES : MAX_UPLOAD_BYTES)) return 'size';
  return null;
}

/** Where uploaded media goes on the canvas (`free`: in free space nearest `at`). */
export function placeUploaded(manager: CanvasManager, media: (UploadedMedia & { name?: string })[], at: { x: number; y: number }, free = false): string[] {
  const items = media
    .filter((m) => m.width > 0 && m.height > 0)
    .map((m) => ({
      src: m.url,
      width: m.width,
      height: m.height,
      mediaType: m.contentType.startsWith('video/') ? ('video' as const) : ('image' as const),
      ...(m.name ? { name: m.name } : {}),
    }));
  return items.length ? manager.placeMedia(items, at, { free }) : [];
}

let nextId = 1;

export function MediaDrop() {
  const { t } = useTranslation('canvas');
  const { manager, readOnly } = useCanvasSession();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const readOnlyRef = useRef(readOnly);
  readOnlyRef.current = readOnly;

  useEffect(() => {
    let live = true;
    const off = manager.on('filesReceived', ({ files, at, free }) => {
      if (readOnlyRef.current) return;
      const accepted = files.filter((file) => {
        const problem = refuseFile(file);
        if (problem) toast.error(t(`upload.${problem}`, { name: file.name }), { duration: TOAST_DURATION_MS });
        return !problem;
      });
      if (!accepted.length) return;
      const entries = accepted.map((file) => ({ id: nextId++, name: file.name, progress: 0 }));
      setUploads((list) => [...list, ...entries]);
      const update = (id: number, progress: number) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, progress } : u)));
      void Promise.allSettled(accepted.map((file, i) => uploadMedia(file, { filename: file.name, onProgress: (f) => update(entries[i]!.id, f * 100) }))).then((results) => {
        const done: (UploadedMedia & { name: string })[] = [];
        for (const [i, result] of results.entries()) {
          if (result.status === 'fulfilled') done.push({ ...result.value, name: accepted[i]!.name });
          else reactToError(result.reason);
        }
        // The canvas may have closed meanwhile (its manager is disposed with it).
        if (!live) return;
        if (done.length) placeUploaded(manager, done, at, free);
        const ids = new Set(entries.map((e) => e.id));
        setUploads((list) => list.filter((u) => !ids.has(u.id)));
      });
    });
    return () => {
      live = false;
      off();
    };
  }, [manager, t]);

  if (!uploads.length) return null;
  return (
    <div role="status" className="pointer-events-auto absolute bottom-3 start-3 z-20 flex w-64 flex-col gap-2 rounded-xl border border-border bg-surface/95 p-3 shadow-lg" data-testid="canvas-uploads">
      <p className="flex items-center gap-2 text-sm font-medium">
        <Loader2 size={14} className="animate-spin" aria-hidden /> {t('upload.title', { count: uploads.length })}
      </p>
      {uploads.slice(0, 4).map((u) => (
        <ProgressBar key={u.id} value={u.progress} label={u.name} />
      ))}
    </div>
  );
}
