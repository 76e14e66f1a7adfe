/**
 * Sharing a project: who has access and with which role; the owner changes roles, removes
 * members, invites by e-mail or creates invite links (and revokes them); anyone else may leave.
 * Every change reaches the other members through `project:changed` (useProjectEvents).
 */
import { INVITE_ROLES, type InviteRole, type ProjectInviteDto, type ProjectMemberDto } from '@tessera/shared/projects';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, DoorOpen, Link2, Mail, UserMinus, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Input, Label } from '../../components/ui/Input.tsx';
import { TOAST_DURATION_MS } from '../../lib/site.ts';
import { toast } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useViewer } from '../auth/useViewer.ts';
import { usePopupStore } from '../popups/popupStore.ts';
import { forgetSelectedProject } from './selectedProject.ts';
import { expectProjectGone } from './useProjectEvents.ts';

const SELECT =
  'h-10 rounded-lg border border-border bg-surface-2 px-2 text-sm text-fg focus:border-accent focus:outline-none disabled:cursor-not-allowed disabled:opacity-50';
const SECTION_TITLE = 'text-sm font-semibold';

export interface ShareDialogProps {
  projectId: string;
  /** Defaults to open: render the dialog while it should show. */
  open?: boolean;
  onOpenChange(open: boolean): void;
  /** The caller left the project from here (e.g. to leave its canvas). */
  onLeft?(): void;
}

export function ShareDialog({ projectId, open = true, onOpenChange, onLeft }: ShareDialogProps) {
  const { t } = useTranslation('projects');
  const trpc = useTRPC();
  const project = useQuery({ ...trpc.project.get.queryOptions({ id: projectId }), enabled: open });
  const name = project.data?.name;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={name ? t('share.title', { name }) : t('share.titleLoading')}
      description={t('share.text')}
      className="max-h-[92vh] overflow-y-auto sm:max-w-xl"
    >
      {project.data ? (
        <ShareBody
          projectId={projectId}
          name={project.data.name}
          owner={project.data.role === 'owner'}
          onLeft={() => {
            onOpenChange(false);
            onLeft?.();
          }}
        />
      ) : (
        <div className="flex flex-col gap-3" aria-busy data-testid="share-loading">
          <div className="h-10 animate-pulse rounded-lg bg-surface-2" />
          <div className="h-24 animate-pulse rounded-lg bg-surface-2" />
        </div>
      )}
    </Dialog>
  );
}

function ShareBody({ projectId, name, owner, onLeft }: { projectId: string; name: string; owner: boolean; onLeft(): void }) {
  const { t } = useTranslation('projects');
  const trpc = useTRPC();
  const members = useQuery(trpc.project.members.queryOptions({ projectId }));
  const invites = useQuery({ ...trpc.project.invites.queryOptions({ projectId }), enabled: owner });
  const links = (invites.data ?? []).filter((i) => i.kind === 'link');
  const pendingEmails = (invites.data ?? []).filter((i) => i.kind === 'email');

  return (
    <div className="flex flex-col gap-6" data-testid="share-dialog">
      {owner ? (
        <>
          <InviteByEmail projectId={projectId} />
          <InviteLinks projectId={projectId} links={links} loading={invites.isPending} />
          {pendingEmails.length > 0 && (
            <section className="flex flex-col gap-2" aria-labelledby="share-pending">
              <h3 id="share-pending" className={SECTION_TITLE}>
                {t('share.pending')}
              </h3>
              <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
                {pendingEmails.map((invite) => (
                  <li key={invite.id} className="flex items-center gap-3 px-3 py-2 text-sm" data-testid="share-pending-invite">
                    <Mail size={14} className="shrink-0 text-muted" aria-hidden />
                    <span className="min-w-0 flex-1 truncate">{invite.email}</span>
                    <span className="text-xs text-muted">{t(`card.role.${invite.role}`)}</span>
                    <RevokeButton projectId={projectId} invite={invite} label={t('share.revokeInvite', { email: invite.email })} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      ) : (
        <p className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-muted" data-testid="share-owner-only">
          {t('share.ownerOnly')}
        </p>
      )}
      <section className="flex flex-col gap-2" aria-labelledby="share-members">
        <h3 id="share-members" className={SECTION_TITLE}>
          {t('share.members', { count: members.data?.length ?? 0 })}
        </h3>
        {members.isPending ? (
          <div className="h-24 animate-pulse rounded-lg bg-surface-2" aria-busy />
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" data-testid="share-members">
            {(members.data ?? []).map((member) => (
              <MemberRow key={member.userId} projectId={projectId} member={member} canManage={owner} />
            ))}
          </ul>
        )}
      </section>
      {!owner && <LeaveProject projectId={projectId} name={name} onLeft={onLeft} />}
    </div>
  );
}

function useInvalidateProject(projectId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.project.members.queryKey({ projectId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.project.invites.queryKey({ projectId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.project.get.queryKey({ id: projectId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.project.list.queryKey() });
  };
}

function RoleSelect({ value, onChange, label, disabled, testId }: { value: InviteRole; onChange(role: InviteRole): void; label: string; disabled?: boolean; testId?: string }) {
  const { t } = useTranslation('projects');
  return (
    <select
      className={SELECT}
      value={value}
      onChange={(e) => onChange(e.target.value as InviteRole)}
      aria-label={label}
      disabled={disabled}
      data-testid={testId}
    >
      {INVITE_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`card.role.${role}`)}
        </option>
      ))}
    </select>
  );
}

/** Invite mail goes out in the sender's name: guests sign up first (links work for them). */
function InviteByEmail({ projectId }: { projectId: string }) {
  const { t } = useTranslation('projects');
  const viewer = useViewer();
  const open = usePopupStore((s) => s.open);
  if (viewer.status === 'signedIn') return <InviteByEmailForm projectId={projectId} />;
  return (
    <section className="flex flex-col gap-2 rounded-lg bg-surface-2 p-3 text-sm sm:flex-row sm:items-center" data-testid="share-email-sign-up">
      <p className="flex-1 text-muted">{t('share.signUpToInvite')}</p>
      <Button size="sm" variant="outline" onClick={() => open('signUp')}>
        {t('share.signUp')}
      </Button>
    </section>
  );
}

function InviteByEmailForm({ projectId }: { projectId: string }) {
  const { t } = useTranslation('projects');
  const id = useId();
  const trpc = useTRPC();
  const refresh = useInvalidateProject(projectId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('editor');
  const invite = useMutation(
    trpc.project.inviteByEmail.mutationOptions({
      onSuccess: (_invite, input) => {
        toast.success(t('share.invited', { email: input.email }), { duration: TOAST_DURATION_MS });
        setEmail('');
        refresh();
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = email.trim();
    if (trimmed) invite.mutate({ projectId, email: trimmed, role });
  }

  return (
    <form className="flex flex-col gap-1.5" onSubmit={submit} data-testid="share-invite-email">
      <Label htmlFor={`${id}-email`}>{t('share.inviteEmail')}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          inputMode="email"
          placeholder={t('share.emailPlaceholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          maxLength={254}
          className="sm:flex-1"
          data-testid="share-email"
        />
        <div className="flex gap-2">
          <RoleSelect value={role} onChange={setRole} label={t('share.roleFor')} testId="share-email-role" />
          <Button type="submit" loading={invite.isPending} disabled={!email.trim()} className="flex-1 sm:flex-none" data-testid="share-email-submit">
            {t('share.invite')}
          </Button>
        </div>
      </div>
    </form>
  );
}

function InviteLinks({ projectId, links, loading }: { projectId: string; links: ProjectInviteDto[]; loading: boolean }) {
  const { t } = useTranslation('projects');
  const trpc = useTRPC();
  const refresh = useInvalidateProject(projectId);
  const [role, setRole] = useState<InviteRole>('viewer');
  const create = useMutation(
    trpc.project.createInviteLink.mutationOptions({
      onSuccess: (invite) => {
        refresh();
        if (invite.url) void copyLink(inviteUrl(invite.url), t);
      },
    }),
  );

  return (
    <section className="flex flex-col gap-2" aria-labelledby="share-links">
      <h3 id="share-links" className={SECTION_TITLE}>
        {t('share.links')}
      </h3>
      <p className="text-xs text-muted">{t('share.linksText')}</p>
      <div className="flex gap-2">
        <RoleSelect value={role} onChange={setRole} label={t('share.linkRole')} testId="share-link-role" />
        <Button variant="secondary" loading={create.isPending} onClick={() => create.mutate({ projectId, role })} data-testid="share-link-create">
          <Link2 size={14} aria-hidden /> {t('share.createLink')}
        </Button>
      </div>
      {loading ? (
        <div className="h-10 animate-pulse rounded-lg bg-surface-2" aria-busy />
      ) : (
        links.length > 0 && (
          <ul className="flex flex-col gap-2" data-testid="share-links">
            {links.map((invite) => (
              <LinkRow key={invite.id} projectId={projectId} invite={invite} />
            ))}
          </ul>
        )
      )}
    </section>
  );
}

/** The full address of an invite path, to paste anywhere. */
const inviteUrl = (path: string) => `${window.location.origin}${path}`;

async function copyLink(url: string, t: (key: string) => string, fallback?: HTMLInputElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(t('share.copied'), { duration: TOAST_DURATION_MS });
  } catch {
    // No clipboard access (insecure origin, permission): select the link to copy by hand.
    fallback?.focus();
    fallback?.select();
    toast.info(t('share.copyManually'), { duration: TOAST_DURATION_MS });
  }
}

function LinkRow({ projectId, invite }: { projectId: string; invite: ProjectInviteDto }) {
  const { t } = useTranslation('projects');
  const input = useRef<HTMLInputElement>(null);
  const url = inviteUrl(invite.url ?? '');
  return (
    <li className="flex items-center gap-2" data-testid="share-link">
      <span className="w-16 shrink-0 text-xs text-muted" data-testid="share-link-role-label">
        {t(`card.role.${invite.role}`)}
      </span>
      <Input ref={input} value={url} readOnly aria-label={t('share.linkFor', { role: t(`card.role.${invite.role}`) })} onFocus={(e) => e.currentTarget.select()} className="min-w-0 flex-1 text-xs" data-testid="share-link-url" />
      <Button variant="secondary" size="icon" onClick={() => void copyLink(url, t, input.current)} aria-label={t('share.copy')} title={t('share.copy')} data-testid="share-link-copy">
        <Copy size={14} aria-hidden />
      </Button>
      <RevokeButton projectId={projectId} invite={invite} label={t('share.revokeLink')} />
    </li>
  );
}

function RevokeButton({ projectId, invite, label }: { projectId: string; invite: ProjectInviteDto; label: string }) {
  const trpc = useTRPC();
  const refresh = useInvalidateProject(projectId);
  const revoke = useMutation(trpc.project.revokeInvite.mutationOptions({ onSuccess: refresh }));
  return (
    <Button
      variant="ghost"
      size="icon"
      loading={revoke.isPending}
      onClick={() => revoke.mutate({ projectId, inviteId: invite.id })}
      aria-label={label}
      title={label}
      data-testid="share-revoke"
    >
      {!revoke.isPending && <X size={14} aria-hidden />}
    </Button>
  );
}

function MemberRow({ projectId, member, canManage }: { projectId: string; member: ProjectMemberDto; canManage: boolean }) {
  const { t } = useTranslation('projects');
  const viewer = useViewer();
  const trpc = useTRPC();
  const refresh = useInvalidateProject(projectId);
  const [confirming, setConfirming] = useState(false);
  const me = (viewer.status === 'signedIn' || viewer.status === 'anonymous') && viewer.userId === member.userId;
  const setRole = useMutation(trpc.project.setRole.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(
    trpc.project.removeMember.mutationOptions({
      onSuccess: () => {
        toast.success(t('share.removed', { name: member.name }), { duration: TOAST_DURATION_MS });
        refresh();
      },
    }),
  );
  const editable = canManage && member.role !== 'owner';

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2" data-testid="share-member" data-user-id={member.userId}>
      {/* On a phone the role controls wrap under the name rather than squeezing it. */}
      <span className="flex min-w-0 flex-1 basis-40 items-center gap-3">
        {member.image ? (
          <img src={member.image} alt="" className="h-8 w-8 shrink-0 rounded-full object-cover" />
        ) : (
          <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-accent to-accent-2 text-xs font-semibold uppercase text-white" aria-hidden>
            {(member.name || member.email || '?').slice(0, 1)}
          </span>
        )}
        <span className="flex min-w-0 flex-col">
          <span className="truncate text-sm font-medium" data-testid="share-member-name">
            {member.name || t('share.unnamed')}
            {me && <span className="font-normal text-muted"> {t('share.you')}</span>}
          </span>
          {member.email && <span className="truncate text-xs text-muted">{member.email}</span>}
        </span>
      </span>
      {confirming ? (
        <span className="flex items-center gap-2">
          <span className="text-xs text-muted">{t('share.removeConfirm', { name: member.name })}</span>
          <Button variant="danger" size="sm" loading={remove.isPending} onClick={() => remove.mutate({ projectId, userId: member.userId })} autoFocus data-testid="share-remove-confirm">
            {t('share.remove')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
            {t('dialog.cancel')}
          </Button>
        </span>
      ) : editable ? (
        <span className="flex items-center gap-2">
          <RoleSelect
            value={member.role === 'editor' ? 'editor' : 'viewer'}
            onChange={(role) => setRole.mutate({ projectId, userId: member.userId, role })}
            label={t('share.roleOf', { name: member.name })}
            disabled={setRole.isPending}
            testId="share-member-role"
          />
          <Button variant="ghost" size="icon" onClick={() => setConfirming(true)} aria-label={t('share.removeLabel', { name: member.name })} title={t('share.removeLabel', { name: member.name })} data-testid="share-remove">
            <UserMinus size={16} aria-hidden />
          </Button>
        </span>
      ) : (
        <span className={cn('text-xs', member.role === 'owner' ? 'text-fg' : 'text-muted')} data-testid="share-member-role-label">
          {t(`card.role.${member.role}`)}
        </span>
      )}
    </li>
  );
}

function LeaveProject({ projectId, name, onLeft }: { projectId: string; name: string; onLeft(): void }) {
  const { t } = useTranslation('projects');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const leave = useMutation(
    trpc.project.leave.mutationOptions({
      // The server tells me too; this dialog already says it.
      onMutate: () => expectProjectGone(projectId),
      onSuccess: () => {
        forgetSelectedProject(projectId);
        toast.success(t('leave.done', { name }), { duration: TOAST_DURATION_MS });
        onLeft();
        queryClient.removeQueries({ queryKey: trpc.project.get.queryKey({ id: projectId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.project.list.queryKey() });
      },
    }),
  );
  if (!confirming) {
    return (
      <div className="flex justify-end">
        <Button variant="ghost" onClick={() => setConfirming(true)} data-testid="share-leave">
          <DoorOpen size={16} aria-hidden /> {t('actions.leave')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-danger/50 bg-danger/10 p-4 text-sm">
      <p>{t('leave.text')}</p>
      <div className="flex gap-2">
        <Button variant="danger" size="sm" loading={leave.isPending} onClick={() => leave.mutate({ projectId })} autoFocus data-testid="share-leave-confirm">
          {t('leave.submit')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
          {t('dialog.cancel')}
        </Button>
      </div>
    </div>
  );
}
