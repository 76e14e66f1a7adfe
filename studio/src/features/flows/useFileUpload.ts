/**
 * A hidden file input's upload (the flow inspector's media input, the planner's photo): its
 * progress or error, and the change handler that uploads the chosen file and hands over its key.
 */
import { type ChangeEvent, useState } from 'react';
import { uploadMedia } from '../media/uploadImage.ts';

export type UploadState = { progress: number } | { error: string } | null;

export function useFileUpload(onUploaded: (key: string) => void): { upload: UploadState; onFileChange(e: ChangeEvent<HTMLInputElement>): void } {
  const [upload, setUpload] = useState<UploadState>(null);
  const onFileChange = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    // The same file chosen again fires a change.
    e.target.value = '';
    if (!chosen) return;
    setUpload({ progress: 0 });
    uploadMedia(chosen, { onProgress: (progress) => setUpload({ progress }) })
      .then((media) => {
        setUpload(null);
        onUploaded(media.key);
      })
      .catch((err: unknown) => setUpload({ error: err instanceof Error ? err.message : String(err) }));
  };
  return { upload, onFileChange };
}
