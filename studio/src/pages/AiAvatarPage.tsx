/**
 * AI avatar (/app/ai-avatar): a portrait speaks a script in a chosen voice, or the face in a
 * video lip-syncs to it (§5's lip-sync limits checked before upload); both are lip_sync tasks.
 */
import { useTranslation } from 'react-i18next';
import { FormSwitcher } from '../features/video-forms/FormSwitcher.tsx';
import { VideoPageLayout } from '../features/video-forms/VideoPageLayout.tsx';
import { AVATAR_FORM, LIP_SYNC_FORM } from '../features/video-forms/videoForms.ts';

const FORMS = [AVATAR_FORM, LIP_SYNC_FORM];

export function AiAvatarPage() {
  const { t } = useTranslation('videoForms');
  return (
    <VideoPageLayout page="aiAvatar">
      <FormSwitcher forms={FORMS} label={t('pages.aiAvatar.kinds')} labelOf={(id) => t(`kinds.${id}.title`)} />
    </VideoPageLayout>
  );
}
