/**
 * The dashed drop box of the media inputs (ImageInput, VideoInput): hands the first dropped file
 * to `onFile` and highlights itself while a file is dragged over it. What it shows inside (icon,
 * buttons, progress) is the input's own.
 */
import { type ReactNode, useState } from 'react';
import { cn } from '../../components/ui/cn.ts';

export function DropZone({ onFile, children }: { onFile: (file: File) => void; children: ReactNode }) {
  const [dragging, setDragging] = useState(false);
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        const file = e.dataTransfer.files[0];
        if (file) onFile(file);
      }}
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-6 text-center transition',
        dragging ? 'border-accent bg-accent/10' : 'border-border bg-surface-2/50',
      )}
    >
      {children}
    </div>
  );
}
