/**
 * Canvas mode: projects with members, invites, the project's Yjs document (with periodic
 * snapshots for restores) and per-user chats. The document is stored as a Yjs update
 * (`Y.encodeStateAsUpdate`) in one row per project; Hocuspocus loads and stores it.
 */
import { sql } from 'drizzle-orm';
import { boolean, customType, doublePrecision, index, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const projectRole = pgEnum('project_role', ['owner', 'editor', 'viewer']);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** A chosen cover (our media URL); null means "the newest image on the canvas". */
    coverUrl: text('cover_url'),
    /** The newest image placed on the canvas, kept by the collaboration server for the card. */
    autoCoverUrl: text('auto_cover_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One default project per user: the partial unique index makes "ensure default" race-free.
  (t) => [index('projects_owner_idx').on(t.ownerId), uniqueIndex('projects_one_default_idx').on(t.ownerId).where(sql`${t.isDefault}`)],
);

export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: projectRole('role').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);

export const projectInvites = pgTable(
  'project_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** `email`: for one address, used once; `link`: anyone with the token, until revoked. */
    kind: text('kind', { enum: ['email', 'link'] }).notNull(),
    email: text('email'),
    role: projectRole('role').notNull(),
    token: text('token').notNull(),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('project_invites_token_idx').on(t.token), index('project_invites_project_idx').on(t.projectId)],
);

export const projectDocuments = pgTable('project_documents', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  /** `Y.encodeStateAsUpdate(doc)`. */
  state: bytea('state').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const projectSnapshots = pgTable(
  'project_snapshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    state: bytea('state').notNull(),
    /** `periodic` (taken while people edit) or `restore` (the state just before a restore). */
    reason: text('reason', { enum: ['periodic', 'restore'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_snapshots_project_idx').on(t.projectId, t.createdAt)],
);

export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The chat's owner: the only one who may read or write it (§6). */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Where results land on the canvas (they are placed to the right of this point). */
    anchorX: doublePrecision('anchor_x').notNull(),
    anchorY: doublePrecision('anchor_y').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chats_project_user_idx').on(t.projectId, t.userId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    text: text('text').notNull(),
    proposals: jsonb('proposals').$type<unknown[]>().notNull().default([]),
    tasks: jsonb('tasks').$type<{ taskId: string; nodeId: string }[]>().notNull().default([]),
    planner: text('planner', { enum: ['llm', 'local'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_chat_idx').on(t.chatId, t.createdAt)],
);

/**
 * Media shown on a project's canvas, so every member may load it (`/api/media` serves a file to
 * its owner, and to members of a project listing it). Kept by the collaboration server when it
 * stores the document; only files owned by a member of the project are listed, so putting a
 * stranger's key into a document grants nothing.
 */
export const projectMedia = pgTable(
  'project_media',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    mediaKey: text('media_key').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.mediaKey] }), index('project_media_key_idx').on(t.mediaKey)],
);
