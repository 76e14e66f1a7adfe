/**
 * §2 publish popup: title, tags, visibility and copy protection (§6) for sharing a creation on
 * the explore feed. §4: a processing video, a wrong publish status or protected content cannot
 * be published, and the popup says why instead of showing the form.
 */
import { CheckCircle2, ExternalLink, Lock, X } from 'lucide-react';
import { Switch } from 'radix-ui';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Input, Label } from '../../components/ui/Input.tsx';
import { useViewer } from '../auth/useViewer.ts';
import { serverMessage } from '../explore/serverMessage.ts';
import { type PopupPropsMap, usePopupStore } from '../popups/popupStore.ts';
import { addTags, publishBlocker, TAG_MAX_LENGTH, TAGS_MAX, TITLE_MAX } from './publishRules.ts';
import { type PublishInput, type PublishSubmit, usePublishSubmit } from './usePublishSubmit.ts';

type Phase = 'form' | 'submitting' | 'success' | 'error';

export default function PublishDialog() {
  const { t } = useTranslation('popups');
  const current = usePopupStore((s) => s.current);
  const close = usePopupStore((s) => s.close);
  const submit = usePublishSubmit();
  if (current?.name !== 'publish') return null;
  const props = current.props;
  const blocker = publishBlocker(props);
  return (
    <Dialog open onOpenChange={(o) => !o && close()} title={t('publish.title')} {...(blocker ? {} : { description: t('publish.text') })} className="sm:max-w-lg">
      {blocker ? (
        <div className="flex flex-col gap-4" data-testid="publish-blocked" data-blocker={blocker}>
          <p className="flex items-start gap-2 rounded-lg border border-border bg-surface-2 p-3 text-sm" role="alert">
            <Lock size={16} className="mt-0.5 shrink-0 text-muted" aria-hidden />
            {t(`publish.blocked.${blocker}`, { context: props.mediaType })}
          </p>
          <div className="flex justify-end">
            <Button size="sm" onClick={close}>
              {t('publish.ok')}
            </Button>
          </div>
        </div>
      ) : (
        <PublishForm key={props.creationId} props={props} submit={submit} onDone={close} />
      )}
    </Dialog>
  );
}

function PublishForm({ props, submit, onDone }: { props: PopupPropsMap['publish']; submit: PublishSubmit; onDone(): void }) {
  const { t } = useTranslation('popups');
  const id = useId();
  const to = useLocalizedPath();
  const viewer = useViewer();
  const openPopup = usePopupStore((s) => s.open);
  const [title, setTitle] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [typedTag, setTypedTag] = useState('');
  const [visibility, setVisibility] = useState<PublishInput['visibility']>('public');
  const [copyProtection, setCopyProtection] = useState(false);
  const [phase, setPhase] = useState<Phase>('form');
  const [error, setError] = useState<string | null>(null);
  const [publishedId, setPublishedId] = useState<string | null>(null);

  function commitTag() {
    setTags((current) => addTags(current, typedTag));
    setTypedTag('');
  }

  function onTagKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      commitTag();
    } else if (e.key === 'Backspace' && typedTag === '' && tags.length) {
      setTags((current) => current.slice(0, -1));
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!title.trim() || phase === 'submitting') return;
    // §6: publishing needs an account; a guest is asked to sign up (the sign-up popup replaces this one).
    if (viewer.status === 'anonymous' || viewer.status === 'unauthenticated') {
      openPopup('signUp');
      return;
    }
    setPhase('submitting');
    setError(null);
    try {
      const content = await submit({ creationId: props.creationId, title: title.trim(), tags: addTags(tags, typedTag), visibility, copyProtection });
      setPublishedId(content.id);
      setPhase('success');
    } catch (failure) {
      setError(serverMessage(failure));
      setPhase('error');
    }
  }

  if (phase === 'success') {
    return (
      <div className="flex flex-col items-center gap-4 py-2 text-center" role="status" data-testid="publish-success">
        <CheckCircle2 size={36} className="text-success" aria-hidden />
        <p className="text-sm">{t(visibility === 'public' ? 'publish.successPublic' : 'publish.successUnlisted')}</p>
        <div className="flex flex-wrap justify-center gap-2">
          {publishedId && (
            <Button asChild size="sm">
              <Link to={to(`/content/${publishedId}`)} onClick={onDone} data-testid="publish-view">
                <ExternalLink size={14} aria-hidden /> {t('publish.view')}
              </Link>
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={onDone}>
            {t('publish.ok')}
          </Button>
        </div>
      </div>
    );
  }

  const submitting = phase === 'submitting';
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" data-testid="publish-popup" data-media-type={props.mediaType}>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-title`}>{t('publish.titleLabel')}</Label>
        <Input id={`${id}-title`} value={title} maxLength={TITLE_MAX} onChange={(e) => setTitle(e.target.value)} placeholder={t('publish.titlePlaceholder')} disabled={submitting} required />
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-tags`}>{t('publish.tagsLabel')}</Label>
        <div className="flex min-h-10 flex-wrap items-center gap-1.5 rounded-lg border border-border bg-surface-2 px-2 py-1.5 focus-within:border-accent">
          <ul className="contents" aria-label={t('publish.tagList')}>
            {tags.map((tag) => (
              <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-accent/15 py-0.5 pl-2.5 pr-1 text-xs text-fg" data-testid="publish-tag">
                #{tag}
                <button
                  type="button"
                  className="rounded-full p-0.5 text-muted hover:bg-surface hover:text-fg"
                  aria-label={t('publish.removeTag', { tag })}
                  onClick={() => setTags((current) => current.filter((other) => other !== tag))}
                  disabled={submitting}
                >
                  <X size={12} aria-hidden />
                </button>
              </li>
            ))}
          </ul>
          <input
            id={`${id}-tags`}
            value={typedTag}
            maxLength={TAG_MAX_LENGTH * TAGS_MAX}
            onChange={(e) => setTypedTag(e.target.value)}
            onKeyDown={onTagKey}
            onBlur={commitTag}
            placeholder={tags.length < TAGS_MAX ? t('publish.tagsPlaceholder') : ''}
            disabled={submitting || tags.length >= TAGS_MAX}
            aria-describedby={`${id}-tags-hint`}
            className="min-w-24 flex-1 bg-transparent text-sm text-fg placeholder:text-muted focus:outline-none"
          />
        </div>
        <p id={`${id}-tags-hint`} className="text-xs text-muted">
          {t('publish.tagsHint', { count: TAGS_MAX })}
        </p>
      </div>

      <fieldset className="flex flex-col gap-2" disabled={submitting}>
        <legend className="mb-1.5 text-sm font-medium">{t('publish.visibilityLabel')}</legend>
        {(['public', 'unlisted'] as const).map((value) => (
          <label
            key={value}
            className={cn('flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm', visibility === value ? 'border-accent bg-accent/10' : 'border-border')}
          >
            <input type="radio" name={`${id}-visibility`} value={value} checked={visibility === value} onChange={() => setVisibility(value)} className="mt-0.5 accent-[var(--color-accent)]" />
            <span className="flex flex-col">
              <span className="font-medium">{t(`publish.visibility.${value}`)}</span>
              <span className="text-xs text-muted">{t(`publish.visibility.${value}Hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>

      <div className="flex flex-col gap-1.5 rounded-lg bg-surface-2 p-3">
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor={`${id}-protect`}>{t('publish.copyProtection')}</Label>
          <Switch.Root
            id={`${id}-protect`}
            checked={copyProtection}
            onCheckedChange={setCopyProtection}
            disabled={submitting}
            className="relative h-6 w-11 shrink-0 rounded-full bg-border transition data-[state=checked]:bg-accent disabled:opacity-50"
            data-testid="publish-copy-protection"
          >
            <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px]" />
          </Switch.Root>
        </div>
        <p className="text-xs text-muted" data-testid="publish-download-note">
          {t(copyProtection ? 'publish.downloadProtected' : 'publish.downloadWatermark')}
        </p>
      </div>

      {phase === 'error' && (
        <p className="text-sm text-danger" role="alert" data-testid="publish-error">
          {error ?? t('publish.failed')}
        </p>
      )}
      {(viewer.status === 'anonymous' || viewer.status === 'unauthenticated') && (
        <p className="text-sm text-muted" data-testid="publish-sign-up-note">
          {t('publish.signUpNote')}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onDone} disabled={submitting}>
          {t('publish.cancel')}
        </Button>
        <Button type="submit" disabled={!title.trim()} loading={submitting} data-testid="publish-submit">
          {phase === 'error' ? t('publish.retry') : t('publish.submit')}
        </Button>
      </div>
    </form>
  );
}
