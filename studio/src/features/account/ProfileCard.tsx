/** Profile: display name, first and last name, avatar (uploaded with a preview, or removed). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Trash2, UserRound } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Input, Label } from '../../components/ui/Input.tsx';
import { authClient } from '../../lib/authClient.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { ProgressBar } from '../generate/ProgressBar.tsx';
import { MAX_UPLOAD_BYTES, uploadMedia } from '../media/uploadImage.ts';
import { AccountCard, FormAlert } from './AccountCard.tsx';
import { alertTextFor } from './problemText.ts';
import type { AccountUser } from './types.ts';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif';
const MAX_MB = MAX_UPLOAD_BYTES / 1024 / 1024;

/** The avatar as edited: as stored, a new upload (saved as its key), or removed. */
type AvatarEdit = { kind: 'unchanged' } | { kind: 'uploaded'; key: string; url: string } | { kind: 'removed' };

export function ProfileCard({ user }: { user: AccountUser }) {
  const { t } = useTranslation('account');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = { name: useId(), first: useId(), last: useId(), email: useId() };
  const fileRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(user.name);
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [avatar, setAvatar] = useState<AvatarEdit>({ kind: 'unchanged' });
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const save = useMutation(
    trpc.user.updateProfile.mutationOptions({
      meta: { skipError: true },
      onSuccess: async (updated) => {
        queryClient.setQueryData(trpc.user.find.queryKey(), updated);
        setAvatar({ kind: 'unchanged' });
        toast.success(t('profile.saved'));
        // The header's menu reads user.find and the session: both show the new name and avatar.
        await queryClient.invalidateQueries({ queryKey: trpc.user.find.queryKey() });
        authClient.$store.notify('$sessionSignal');
      },
      onError: (error) => setProblem(alertTextFor(error)),
    }),
  );

  const shownAvatar = avatar.kind === 'uploaded' ? avatar.url : avatar.kind === 'removed' ? null : user.image;

  async function onFile(file: File) {
    setProblem(null);
    if (!file.type.startsWith('image/')) return setProblem(t('profile.notImage'));
    if (file.size > MAX_UPLOAD_BYTES) return setProblem(t('profile.tooLarge', { mb: MAX_MB }));
    setProgress(0);
    try {
      const media = await uploadMedia(file, { onProgress: setProgress });
      setAvatar({ kind: 'uploaded', key: media.key, url: media.url });
    } catch (error) {
      setProblem(alertTextFor(error) ?? t('profile.uploadFailed'));
    } finally {
      setProgress(null);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    if (!name.trim()) return setProblem(t('profile.nameRequired'));
    save.mutate({
      name: name.trim(),
      firstName: firstName.trim() || null,
      lastName: lastName.trim() || null,
      ...(avatar.kind === 'uploaded' ? { image: avatar.key } : avatar.kind === 'removed' ? { image: null } : {}),
    });
  }

  return (
    <AccountCard id="profile" title={t('profile.title')} text={t('profile.text')} testId="account-profile">
      <form onSubmit={onSubmit} className="flex flex-col gap-5" noValidate>
        <div className="flex flex-wrap items-center gap-4">
          <div className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-full border border-border bg-surface-2">
            {shownAvatar ? (
              <img src={shownAvatar} alt={t('profile.avatarAlt')} className="h-full w-full object-cover" data-testid="avatar-preview" />
            ) : (
              <UserRound className="text-muted" size={32} aria-hidden />
            )}
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <span className="text-sm font-medium">{t('profile.avatar')}</span>
            {progress !== null ? (
              <ProgressBar value={progress * 100} label={t('profile.uploading')} />
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button type="button" size="sm" variant="outline" onClick={() => fileRef.current?.click()} data-testid="avatar-upload">
                  <ImagePlus size={14} aria-hidden /> {shownAvatar ? t('profile.change') : t('profile.upload')}
                </Button>
                {shownAvatar && (
                  <Button type="button" size="sm" variant="ghost" onClick={() => setAvatar({ kind: 'removed' })} data-testid="avatar-remove">
                    <Trash2 size={14} aria-hidden /> {t('profile.remove')}
                  </Button>
                )}
              </div>
            )}
            <p className="text-xs text-muted">{t('profile.avatarHint', { mb: MAX_MB })}</p>
            <input
              ref={fileRef}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-label={t('profile.upload')}
              data-testid="avatar-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void onFile(file);
              }}
            />
          </div>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <Label htmlFor={ids.name}>{t('profile.displayName')}</Label>
            <Input id={ids.name} value={name} maxLength={80} autoComplete="nickname" required onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.first}>{t('profile.firstName')}</Label>
            <Input id={ids.first} value={firstName} maxLength={80} autoComplete="given-name" onChange={(e) => setFirstName(e.target.value)} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.last}>{t('profile.lastName')}</Label>
            <Input id={ids.last} value={lastName} maxLength={80} autoComplete="family-name" onChange={(e) => setLastName(e.target.value)} />
          </div>
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <Label htmlFor={ids.email}>{t('profile.email')}</Label>
            <Input id={ids.email} value={user.email} readOnly aria-readonly className="text-muted" />
          </div>
        </div>

        <FormAlert testId="profile-alert">{problem}</FormAlert>
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} disabled={progress !== null} data-testid="profile-save">
            {t('profile.save')}
          </Button>
        </div>
      </form>
    </AccountCard>
  );
}
