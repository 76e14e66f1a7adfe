/**
 * Easy mode for AI video (/app/ai-video): text, image or video to video, consistent character,
 * mimic motion, anime and extension, switched with `?kind=`; each with its fields, model picker,
 * the §5 checks before upload, the cost on the button, live progress and the player.
 */
import { useTranslation } from 'react-i18next';
import { FormSwitcher } from '../features/video-forms/FormSwitcher.tsx';
import { VideoPageLayout } from '../features/video-forms/VideoPageLayout.tsx';
import { AI_VIDEO_FORMS } from '../features/video-forms/videoForms.ts';

export function AiVideoPage() {
  const { t } = useTranslation('videoForms');
  return (
    <VideoPageLayout page="aiVideo">
      <FormSwitcher forms={AI_VIDEO_FORMS} label={t('pages.aiVideo.kinds')} labelOf={(id) => t(`kinds.${id}.title`)} />
    </VideoPageLayout>
  );
}
