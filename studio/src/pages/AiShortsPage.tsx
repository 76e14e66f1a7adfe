/** AI shorts (/app/ai-shorts): a vertical short about a topic, with scenes, captions and a music bed. */
import { useTranslation } from 'react-i18next';
import { VideoKindForm } from '../features/video-forms/VideoKindForm.tsx';
import { VideoPageLayout } from '../features/video-forms/VideoPageLayout.tsx';
import { AI_SHORTS_FORM } from '../features/video-forms/videoForms.ts';

export function AiShortsPage() {
  const { t } = useTranslation('videoForms');
  return (
    <VideoPageLayout page="aiShorts">
      <VideoKindForm spec={AI_SHORTS_FORM} resultEmpty={t('kinds.shorts.empty')} />
    </VideoPageLayout>
  );
}
