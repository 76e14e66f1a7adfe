/**
 * Easy mode for AI video (/app/ai-video): text, image or video to video, consistent character,
 * mimic motion, anime and extension, switched with `?kind=`; each with its fields, model picker,
 * the §5 checks before upload, the cost on the button, live progress and the player. The Create
 * menu opens it (issue 22); the marketing page (/ai-video) is a link away. Published video flows
 * are offered above the forms as one-form presets (issue 24).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { FlowPresets } from '../features/flow-templates/FlowPresets.tsx';
import { FormSwitcher } from '../features/video-forms/FormSwitcher.tsx';
import { VideoPageLayout } from '../features/video-forms/VideoPageLayout.tsx';
import { AI_VIDEO_FORMS } from '../features/video-forms/videoForms.ts';

export function AiVideoPage() {
  const { t } = useTranslation(['videoForms', 'common']);
  const to = useLocalizedPath();
  return (
    <VideoPageLayout page="aiVideo">
      <p className="mt-2 text-sm">
        <Link to={to('/ai-video')} className="text-accent-fg hover:underline" data-testid="about-ai-video">
          {t('common:nav.aboutAiVideo')}
        </Link>
      </p>
      <FlowPresets output="video">
        <FormSwitcher forms={AI_VIDEO_FORMS} label={t('pages.aiVideo.kinds')} labelOf={(id) => t(`kinds.${id}.title`)} />
      </FlowPresets>
    </VideoPageLayout>
  );
}
