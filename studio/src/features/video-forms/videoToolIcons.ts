/** The icon of each video tool card and page. */
import { AudioLines, Captions, FastForward, type LucideIcon, Maximize2, MicVocal, Scissors, Smile } from 'lucide-react';

export const VIDEO_TOOL_ICONS: Record<string, LucideIcon> = {
  'video-upscaler': Maximize2,
  'video-background-remover': Scissors,
  'subtitle-remover': Captions,
  'sound-effects': AudioLines,
  'lip-sync': MicVocal,
  'video-face-swap': Smile,
  'video-extender': FastForward,
};
