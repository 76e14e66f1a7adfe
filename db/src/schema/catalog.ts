/**
 * The template catalogue (shared/catalog): categories, positions, special topics, templates and
 * LoRA styles. Seeded from db/seed/templates.json at start-up; admins edit them afterwards.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const catalogCategories = pgTable('catalog_categories', {
  id: text('id').primaryKey(),
  /** One of shared/catalog TEMPLATE_TYPES. */
  type: text('type').notNull(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps,
});

export const catalogPositions = pgTable('catalog_positions', {
  id: text('id').primaryKey(),
  categoryId: text('category_id')
    .notNull()
    .references(() => catalogCategories.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  name: text('name').notNull(),
  templateIds: jsonb('template_ids').$type<string[]>().notNull().default([]),
  ...timestamps,
});

export const catalogSpecialTopics = pgTable('catalog_special_topics', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  templateIds: jsonb('template_ids').$type<string[]>().notNull().default([]),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  ...timestamps,
});

export const catalogTemplates = pgTable(
  'catalog_templates',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    categoryId: text('category_id')
      .notNull()
      .references(() => catalogCategories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    recipe: text('recipe').notNull(),
    options: jsonb('options').$type<Record<string, number | string | boolean>>().notNull().default({}),
    cost: integer('cost').notNull(),
    /** active | retired: a retired template stays for old creations but cannot be used. */
    status: text('status').notNull().default('active'),
    sortOrder: integer('sort_order').notNull().default(0),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    usageCount: integer('usage_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('catalog_templates_list_idx').on(t.type, t.status, t.sortOrder, t.id), check('catalog_templates_cost_nonnegative', sql`${t.cost} >= 0`)],
);

export const catalogLoras = pgTable('catalog_loras', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** The image-to-image style applied over the rendered picture (shared/generation IMAGE_STYLES). */
  style: text('style').notNull(),
  trigger: text('trigger').notNull().default(''),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps,
});
