/**
 * Projects end to end on real PostgreSQL: every user has a default project that cannot be
 * deleted; create, rename, duplicate (with its canvas), cover, delete; outsiders cannot even
 * learn a project exists; sharing by e-mail (the mail arrives with a join link) and by link,
 * roles, removal, leaving — with the live consequences (project:changed, the project's socket
 * room closed to those who lost access); and an anonymous visitor's projects follow them into
 * their account.
 */
import { projectDocuments } from '@tessera/db/schema';
import { readNodes, writeNode, zTextNode } from '@tessera/shared/canvas';
import type { InvitePreviewDto, ProjectDto, ProjectInviteDto, ProjectMemberDto } from '@tessera/shared/projects';
import type { ClientToServerEvents, ServerEventPayload, ServerToClientEvents } from '@tessera/shared/realtime';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  buildTestApp,
  connectTestSocket,
  cookiesFrom,
  disconnectTestSockets,
  lastMailId,
  rpc,
  signInAnonymously,
  signUpTestUser,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
  uniqueEmail,
  uploadFile,
  waitForMail,
} from './harness.ts';

type ProjectSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  disconnectTestSockets();
  await t.close();
});

const db = () => t.database.db;

interface RpcResult {
  status: number;
  body: { result?: { data: unknown }; error?: { message: string; data: { code: string; appCode?: string } } };
}

const QUERIES = new Set(['list', 'get', 'default', 'members', 'invites', 'invitePreview']);

/** `project.<name>` as the studio calls it (queries GET, mutations POST). */
async function call(user: TestUser | string | null, name: string, input?: unknown): Promise<RpcResult> {
  const cookie = user === null || typeof user === 'string' ? user : user.cookie;
  return (await rpc(t.app, cookie, `project.${name}`, input, QUERIES.has(name) ? 'GET' : 'POST')) as RpcResult;
}

/** The answer's data; fails the test with the server's error otherwise. */
async function ok<T>(user: TestUser | string, name: string, input?: unknown): Promise<T> {
  const res = await call(user, name, input);
  expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.result?.data as T;
}

/** The catalogue code of a failed call. */
async function failure(user: TestUser | string | null, name: string, input?: unknown): Promise<string | undefined> {
  const res = await call(user, name, input);
  expect(res.status, `${name} should fail`).not.toBe(200);
  return res.body.error?.data.appCode ?? res.body.error?.data.code;
}

async function projectSocket(user: TestUser): Promise<ProjectSocket> {
  return (await connectTestSocket(t.app, user.cookie)) as unknown as ProjectSocket;
}

function join(socket: ProjectSocket, projectId: string): Promise<boolean> {
  return new Promise((resolve) => socket.emit('project:join', projectId, resolve));
}

function nextEvent<E extends keyof ServerToClientEvents>(socket: ProjectSocket, event: E, timeoutMs = 3000): Promise<ServerEventPayload<E>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    const listener = ((payload: ServerEventPayload<E>) => {
      clearTimeout(timer);
      resolve(payload);
    }) as ServerToClientEvents[E];
    socket.once(event, listener as never);
  });
}

/** Collects every `event` a socket receives, to check later that something did NOT arrive. */
function record<E extends keyof ServerToClientEvents>(socket: ProjectSocket, event: E): ServerEventPayload<E>[] {
  const seen: ServerEventPayload<E>[] = [];
  socket.on(event, ((payload: ServerEventPayload<E>) => seen.push(payload)) as never);
  return seen;
}

async function signInWithEmail(email: string, cookie?: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: { email, password: 'correct horse battery' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookiesFrom(res.headers['set-cookie']);
}

/** Owner invites `member` through a link with `role`; the member accepts. */
async function share(owner: TestUser, member: TestUser, projectId: string, role: 'editor' | 'viewer'): Promise<void> {
  const invite = await ok<ProjectInviteDto>(owner, 'createInviteLink', { projectId, role });
  await ok(member, 'acceptInvite', { token: tokenOf(invite.url) });
}

const tokenOf = (url: string | null | undefined): string => {
  const token = /\/app\/projects\/join\/([A-Za-z0-9_-]+)/.exec(url ?? '')?.[1];
  if (!token) throw new Error(`no invite token in ${url}`);
  return token;
};

describe('default project', () => {
  it('exists from the first visit, once, and cannot be deleted', async () => {
    const user = await signUpTestUser(t.app);
    // The studio may ask for the list and the default at the same time: still one default.
    const [list, again, fallback, ...more] = await Promise.all([
      ok<ProjectDto[]>(user, 'list'),
      ok<ProjectDto[]>(user, 'list'),
      ok<ProjectDto>(user, 'default'),
      ...Array.from({ length: 6 }, () => ok<ProjectDto>(user, 'default')),
    ]);
    expect(list).toHaveLength(1);
    expect(again.map((p) => p.id)).toEqual([list[0]?.id]);
    expect(fallback.id).toBe(list[0]?.id);
    expect(new Set(more.map((p) => p.id))).toEqual(new Set([fallback.id]));
    expect(await ok<ProjectDto[]>(user, 'list')).toHaveLength(1);
    expect(fallback).toMatchObject({ name: 'My first project', isDefault: true, role: 'owner', memberCount: 1, owner: { id: user.id } });

    const res = await call(user, 'delete', { id: fallback.id });
    expect(res.status).toBe(403);
    expect(res.body.error?.message).toBe('The default project cannot be deleted.');
    expect(await ok<ProjectDto>(user, 'get', { id: fallback.id })).toMatchObject({ id: fallback.id });
  });

  it('is there for anonymous visitors too', async () => {
    const anon = await signInAnonymously(t.app);
    expect(await ok<ProjectDto>(anon, 'default')).toMatchObject({ isDefault: true, role: 'owner' });
  });
});

describe('projects', () => {
  it('creates, renames, opens, duplicates with the canvas and deletes', async () => {
    const user = await signUpTestUser(t.app);
    const untitled = await ok<ProjectDto>(user, 'create', {});
    expect(untitled).toMatchObject({ name: 'Untitled project', isDefault: false, role: 'owner', coverUrl: null, lastOpenedAt: null });
    const project = await ok<ProjectDto>(user, 'create', { name: '  Moodboard  ' });
    expect(project.name).toBe('Moodboard');

    expect(await ok<ProjectDto>(user, 'rename', { id: project.id, name: 'Spring campaign' })).toMatchObject({ name: 'Spring campaign' });
    expect(await failure(user, 'rename', { id: project.id, name: '   ' })).toBe('INCORRECT_PARAMETER');

    // Opened projects come first in the list, most recent first.
    await ok(user, 'open', { id: untitled.id });
    const opened = await ok<ProjectDto>(user, 'open', { id: project.id });
    expect(opened.lastOpenedAt).not.toBeNull();
    const order = (await ok<ProjectDto[]>(user, 'list')).map((p) => p.name);
    expect(order.slice(0, 2)).toEqual(['Spring campaign', 'Untitled project']);
    expect(order).toContain('My first project');

    // A canvas with one text node, as the collaboration server stores it.
    const doc = new Y.Doc();
    writeNode(doc, zTextNode.parse({ id: 'title', type: 'text', x: 10, y: 20, width: 300, height: 60, text: 'Hello spring' }));
    await db().insert(projectDocuments).values({ projectId: project.id, state: Y.encodeStateAsUpdate(doc) });

    const copy = await ok<ProjectDto>(user, 'duplicate', { id: project.id });
    expect(copy).toMatchObject({ name: 'Spring campaign (copy)', isDefault: false, role: 'owner', memberCount: 1 });
    expect(copy.id).not.toBe(project.id);
    const [stored] = await db().select().from(projectDocuments).where(eq(projectDocuments.projectId, copy.id));
    expect(stored).toBeDefined();
    const copied = new Y.Doc();
    Y.applyUpdate(copied, stored!.state);
    expect(readNodes(copied)).toEqual(readNodes(doc));
    expect(readNodes(copied)).toMatchObject([{ id: 'title', text: 'Hello spring' }]);

    expect(await ok(user, 'delete', { id: project.id })).toEqual({ ok: true });
    expect(await failure(user, 'get', { id: project.id })).toBe('PROJECT_NOT_FOUND');
    expect(await db().select().from(projectDocuments).where(eq(projectDocuments.projectId, project.id))).toHaveLength(0);
    expect((await ok<ProjectDto[]>(user, 'list')).map((p) => p.id)).toContain(copy.id);
  });

  it('takes a cover from a member’s own images only', async () => {
    const owner = await signUpTestUser(t.app);
    const stranger = await signUpTestUser(t.app);
    const project = await ok<ProjectDto>(owner, 'create', { name: 'Covers' });
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa3300' } }).png().toBuffer();
    const mine = (await uploadFile(t.app, owner.cookie, png)).json<{ url: string }>();
    const theirs = (await uploadFile(t.app, stranger.cookie, png)).json<{ url: string }>();

    expect(await ok<ProjectDto>(owner, 'setCover', { id: project.id, coverUrl: mine.url })).toMatchObject({ coverUrl: mine.url });
    expect(await failure(owner, 'setCover', { id: project.id, coverUrl: theirs.url })).toBe('IMAGE_NOT_FOUND');
    expect(await failure(owner, 'setCover', { id: project.id, coverUrl: 'https://evil.example/x.png' })).toBe('INCORRECT_PARAMETER');
    expect(await ok<ProjectDto>(owner, 'setCover', { id: project.id, coverUrl: null })).toMatchObject({ coverUrl: null });
  });

  it('never tells an outsider that a project exists', async () => {
    const owner = await signUpTestUser(t.app);
    const outsider = await signUpTestUser(t.app);
    const project = await ok<ProjectDto>(owner, 'create', { name: 'Secret' });
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [project.id, missing]) {
      expect(await failure(outsider, 'get', { id })).toBe('PROJECT_NOT_FOUND');
      expect(await failure(outsider, 'rename', { id, name: 'Mine now' })).toBe('PROJECT_NOT_FOUND');
      expect(await failure(outsider, 'members', { projectId: id })).toBe('PROJECT_NOT_FOUND');
      expect(await failure(outsider, 'duplicate', { id })).toBe('PROJECT_NOT_FOUND');
      expect(await failure(outsider, 'delete', { id })).toBe('PROJECT_NOT_FOUND');
      expect(await failure(outsider, 'createInviteLink', { projectId: id, role: 'editor' })).toBe('PROJECT_NOT_FOUND');
    }
    expect(await ok<ProjectDto>(owner, 'get', { id: project.id })).toMatchObject({ name: 'Secret' });
    expect(await failure(null, 'list')).toBe('UNAUTHORIZED');
  });
});

describe('sharing', () => {
  it('invites by e-mail: the mail carries the link, the invited account joins with the role', async () => {
    const owner = await signUpTestUser(t.app);
    const invitee = await signUpTestUser(t.app);
    const other = await signUpTestUser(t.app);
    const project = await ok<ProjectDto>(owner, 'create', { name: 'Launch video' });
    const before = await lastMailId(t.app, invitee.email!);

    const invite = await ok<ProjectInviteDto>(owner, 'inviteByEmail', { projectId: project.id, email: invitee.email!.toUpperCase(), role: 'editor' });
    expect(invite).toMatchObject({ kind: 'email', email: invitee.email, role: 'editor', url: null });
    const mail = await waitForMail(t.app, invitee.email!, before);
    expect(mail.subject).toContain('Launch video');
    expect(mail.text).toContain(`${TEST_ORIGIN}/app/projects/join/`);
    const token = tokenOf(mail.text);
    expect(await ok<ProjectInviteDto[]>(owner, 'invites', { projectId: project.id })).toEqual([invite]);

    expect(await ok<InvitePreviewDto>(invitee, 'invitePreview', { token })).toEqual({
      projectId: project.id,
      projectName: 'Launch video',
      invitedBy: expect.any(String),
      role: 'editor',
      member: false,
    });
    // Someone else holding the mail cannot use it, and an anonymous visitor must sign in first.
    expect(await failure(other, 'acceptInvite', { token })).toBe('PROJECT_INVITE_OTHER_EMAIL');
    expect(await failure(await signInAnonymously(t.app), 'acceptInvite', { token })).toBe('UNAUTHORIZED');

    expect(await ok<ProjectDto>(invitee, 'acceptInvite', { token })).toMatchObject({ id: project.id, role: 'editor', memberCount: 2 });
    // Used once: the invite is gone.
    expect(await failure(invitee, 'invitePreview', { token })).toBe('PROJECT_INVITE_INVALID');
    expect(await ok<ProjectInviteDto[]>(owner, 'invites', { projectId: project.id })).toEqual([]);

    const members = await ok<ProjectMemberDto[]>(owner, 'members', { projectId: project.id });
    expect(members.map((m) => [m.userId, m.role, m.email])).toEqual([
      [owner.id, 'owner', owner.email],
      [invitee.id, 'editor', invitee.email],
    ]);
    // Members see each other, but only the owner sees addresses.
    const seenByInvitee = await ok<ProjectMemberDto[]>(invitee, 'members', { projectId: project.id });
    expect(seenByInvitee.map((m) => m.email)).toEqual([null, null]);

    expect(await failure(owner, 'inviteByEmail', { projectId: project.id, email: invitee.email, role: 'viewer' })).toBe('PROJECT_MEMBER_EXISTS');
  });

  it('invites by link: the second user joins and both list the project; a revoked link stops working', async () => {
    const owner = await signUpTestUser(t.app);
    const friend = await signUpTestUser(t.app);
    const late = await signUpTestUser(t.app);
    const project = await ok<ProjectDto>(owner, 'create', { name: 'Shared board' });

    const link = await ok<ProjectInviteDto>(owner, 'createInviteLink', { projectId: project.id, role: 'viewer' });
    expect(link).toMatchObject({ kind: 'link', role: 'viewer', email: null });
    const token = tokenOf(link.url);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    expect(await ok<ProjectDto>(friend, 'acceptInvite', { token })).toMatchObject({ id: project.id, role: 'viewer', owner: { id: owner.id } });
    // Accepting again changes nothing.
    expect(await ok<ProjectDto>(friend, 'acceptInvite', { token })).toMatchObject({ role: 'viewer', memberCount: 2 });
    expect(await ok<InvitePreviewDto>(friend, 'invitePreview', { token })).toMatchObject({ member: true });

    for (const user of [owner, friend]) {
      const listed = (await ok<ProjectDto[]>(user, 'list')).find((p) => p.id === project.id);
      expect(listed).toMatchObject({ name: 'Shared board', memberCount: 2, owner: { id: owner.id } });
    }
    expect((await ok<ProjectDto[]>(friend, 'list')).find((p) => p.id === project.id)?.role).toBe('viewer');

    expect(await ok(owner, 'revokeInvite', { projectId: project.id, inviteId: link.id })).toEqual({ ok: true });
    expect(await failure(late, 'invitePreview', { token })).toBe('PROJECT_INVITE_INVALID');
    expect(await failure(late, 'acceptInvite', { token })).toBe('PROJECT_INVITE_INVALID');
    expect(await failure(late, 'get', { id: project.id })).toBe('PROJECT_NOT_FOUND');
  });

  it('lets only the owner rename, share and manage members', async () => {
    const owner = await signUpTestUser(t.app);
    const viewer = await signUpTestUser(t.app);
    const editor = await signUpTestUser(t.app);
    const project = await ok<ProjectDto>(owner, 'create', { name: 'Team' });
    await share(owner, viewer, project.id, 'viewer');
    await share(owner, editor, project.id, 'editor');

    for (const member of [viewer, editor]) {
      expect(await failure(member, 'rename', { id: project.id, name: 'Hijacked' })).toBe('FORBIDDEN');
      expect(await failure(member, 'inviteByEmail', { projectId: project.id, email: uniqueEmail('x'), role: 'editor' })).toBe('FORBIDDEN');
      expect(await failure(member, 'createInviteLink', { projectId: project.id, role: 'editor' })).toBe('FORBIDDEN');
      expect(await failure(member, 'invites', { projectId: project.id })).toBe('FORBIDDEN');
      expect(await failure(member, 'delete', { id: project.id })).toBe('FORBIDDEN');
      expect(await failure(member, 'removeMember', { projectId: project.id, userId: owner.id })).toBe('FORBIDDEN');
    }
    expect((await ok<ProjectDto>(viewer, 'get', { id: project.id })).name).toBe('Team');
    // Any member may copy it into a project of their own.
    expect(await ok<ProjectDto>(viewer, 'duplicate', { id: project.id })).toMatchObject({ name: 'Team (copy)', role: 'owner', memberCount: 1 });

    await ok(owner, 'setRole', { projectId: project.id, userId: viewer.id, role: 'editor' });
    expect((await ok<ProjectDto>(viewer, 'get', { id: project.id })).role).toBe('editor');
    expect(await failure(owner, 'setRole', { projectId: project.id, userId: owner.id, role: 'viewer' })).toBe('FORBIDDEN');
    expect(await failure(owner, 'removeMember', { projectId: project.id, userId: owner.id })).toBe('PROJECT_OWNER_CANNOT_LEAVE');
  });

  it('removing a member tells them live, closes the project room to them, and they lose access', async () => {
    const owner = await signUpTestUser(t.app);
    const member = await signUpTestUser(t.app);
    const stranger = await signUpTestUser(t.app);
    const project = await ok<ProjectDto>(owner, 'create', { name: 'Live' });
    await share(owner, member, project.id, 'editor');

    const ownerSocket = await projectSocket(owner);
    const memberSocket = await projectSocket(member);
    const strangerSocket = await projectSocket(stranger);
    expect(await join(ownerSocket, project.id)).toBe(true);
    expect(await join(memberSocket, project.id)).toBe(true);
    expect(await join(strangerSocket, project.id)).toBe(false);
    expect(await join(strangerSocket, 'not-a-uuid')).toBe(false);

    // Progress sent to the project's room reaches its members, not a stranger who tried to join.
    const strangerProgress = record(strangerSocket, 'task:progress');
    const memberProgress = nextEvent(memberSocket, 'task:progress');
    const progress = { id: 'task-1', projectId: project.id, progress: 40, stage: 'rendering', by: { id: owner.id, name: 'Owner' } };
    t.app.services.realtime.toProject(project.id, 'task:progress', progress);
    expect(await memberProgress).toMatchObject(progress);

    const removedNotice = nextEvent(memberSocket, 'project:changed');
    const ownerNotice = nextEvent(ownerSocket, 'project:changed');
    expect(await ok(owner, 'removeMember', { projectId: project.id, userId: member.id })).toEqual({ ok: true });
    expect(await removedNotice).toEqual({ projectId: project.id, change: 'members', removed: [member.id] });
    expect(await ownerNotice).toMatchObject({ change: 'members', removed: [member.id] });
    expect(await failure(member, 'get', { id: project.id })).toBe('PROJECT_NOT_FOUND');
    expect((await ok<ProjectDto[]>(member, 'list')).map((p) => p.id)).not.toContain(project.id);

    // Their socket left the room: the next progress event reaches the owner only.
    const memberProgressAfter = record(memberSocket, 'task:progress');
    const ownerProgress = nextEvent(ownerSocket, 'task:progress');
    t.app.services.realtime.toProject(project.id, 'task:progress', { ...progress, progress: 80 });
    expect((await ownerProgress).progress).toBe(80);
    // A round trip on each socket, so anything sent to them would have arrived by now.
    await Promise.all([join(memberSocket, project.id), join(strangerSocket, project.id)]);
    expect(memberProgressAfter).toEqual([]);
    expect(strangerProgress).toEqual([]);
  });

  it('lets a member leave, but not the owner', async () => {
    const owner = await signUpTestUser(t.app);
    const member = await signUpTestUser(t.app);
    const project = await ok<ProjectDto>(owner, 'create', { name: 'Short stay' });
    await share(owner, member, project.id, 'viewer');

    expect(await failure(owner, 'leave', { projectId: project.id })).toBe('PROJECT_OWNER_CANNOT_LEAVE');
    const ownerSocket = await projectSocket(owner);
    expect(await join(ownerSocket, project.id)).toBe(true);
    const notice = nextEvent(ownerSocket, 'project:changed');
    expect(await ok(member, 'leave', { projectId: project.id })).toEqual({ ok: true });
    expect(await notice).toEqual({ projectId: project.id, change: 'members', removed: [member.id] });
    expect(await failure(member, 'get', { id: project.id })).toBe('PROJECT_NOT_FOUND');
    expect((await ok<ProjectDto>(owner, 'get', { id: project.id })).memberCount).toBe(1);
  });

  it('tells the project room when the owner deletes it', async () => {
    const owner = await signUpTestUser(t.app);
    const member = await signUpTestUser(t.app);
    const project = await ok<ProjectDto>(owner, 'create', { name: 'Doomed' });
    await share(owner, member, project.id, 'editor');
    const memberSocket = await projectSocket(member);
    expect(await join(memberSocket, project.id)).toBe(true);
    const notice = nextEvent(memberSocket, 'project:changed');
    await ok(owner, 'delete', { id: project.id });
    expect(await notice).toEqual({ projectId: project.id, change: 'deleted' });
    expect(await failure(member, 'get', { id: project.id })).toBe('PROJECT_NOT_FOUND');
  });
});

describe('anonymous visitor registers', () => {
  it('takes their projects, the default included, into the new account', async () => {
    const anon = await signInAnonymously(t.app);
    const [defaultProject] = await ok<ProjectDto[]>(anon, 'list');
    const sketches = await ok<ProjectDto>(anon, 'create', { name: 'Sketches' });

    const account = await signUpTestUser(t.app, { cookie: anon.cookie });
    expect(account.id).not.toBe(anon.id);
    const list = await ok<ProjectDto[]>(account, 'list');
    expect(list.map((p) => [p.id, p.isDefault, p.role, p.owner.id]).sort()).toEqual(
      [
        [defaultProject!.id, true, 'owner', account.id],
        [sketches.id, false, 'owner', account.id],
      ].sort(),
    );
  });

  it('signing in to an account that has a default keeps that one; shared projects merge', async () => {
    const account = await signUpTestUser(t.app);
    const accountDefault = await ok<ProjectDto>(account, 'default');
    const anon = await signInAnonymously(t.app);
    const anonDefault = await ok<ProjectDto>(anon, 'default');
    // The visitor shared a project with the account before signing in to it.
    const together = await ok<ProjectDto>(anon, 'create', { name: 'Together' });
    await share(anon, account, together.id, 'editor');

    const cookie = await signInWithEmail(account.email!, anon.cookie);
    const list = await ok<ProjectDto[]>(cookie, 'list');
    const byId = new Map(list.map((p) => [p.id, p]));
    expect(list.filter((p) => p.isDefault).map((p) => p.id)).toEqual([accountDefault.id]);
    expect(byId.get(anonDefault.id)).toMatchObject({ isDefault: false, role: 'owner' });
    // One member row: the account, now the owner.
    expect(byId.get(together.id)).toMatchObject({ role: 'owner', memberCount: 1, owner: { id: account.id } });
    const members = await ok<ProjectMemberDto[]>(cookie, 'members', { projectId: together.id });
    expect(members.map((m) => [m.userId, m.role])).toEqual([[account.id, 'owner']]);
  });
});
