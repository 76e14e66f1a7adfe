/**
 * The template catalogue: public browsing (templates by type and category, special topics, LoRA
 * styles), the admin CRUD with the §8 errors, and what a template task needs at accept time.
 * Every function takes a `db` that may be a transaction, so the admin console can write its audit
 * row in the same transaction as the change.
 */
import type { Database } from '@tessera/db/connect';
import {
  type CategoryDto,
  type LoraDto,
  type PositionDto,
  type SpecialTopicDto,
  TEMPLATE_KIND,
  type TemplateDto,
  type TemplateListInput,
  type TemplatePage,
  type TemplateType,
  isProTemplateType,
  loraPreviewUrl,
  templateMediaType,
  templatePreviewUrl,
  type zCategoryInput,
  type zPositionInput,
  type zSpecialTopicInput,
  type zTemplateInput,
  zTemplateListInput,
} from '@tessera/shared/catalog';
import { AppError } from '@tessera/shared/errors';
import type { LoraSnapshot, TemplateGenerationKind, TemplateSnapshot } from '@tessera/shared/generation';
import type { z } from 'zod';
import {
  type CategoryRow,
  countTemplatesInCategory,
  deleteCategoryRow,
  deletePositionRow,
  deleteSpecialTopicRow,
  deleteTemplateRow,
  insertCategory,
  insertPosition,
  insertSpecialTopic,
  insertTemplate,
  isUniqueViolation,
  type LoraRow,
  type PositionRow,
  selectCategories,
  selectCategory,
  selectLora,
  selectLoras,
  selectPosition,
  selectPositions,
  selectSpecialTopic,
  selectSpecialTopics,
  selectTemplate,
  selectTemplates,
  type SpecialTopicRow,
  type TemplateRow,
  updateCategoryRow,
  updatePositionRow,
  updateSpecialTopicRow,
  updateTemplateRow,
} from './catalog.repo.ts';

type CategoryInput = z.output<typeof zCategoryInput>;
type PositionInput = z.output<typeof zPositionInput>;
type SpecialTopicInput = z.output<typeof zSpecialTopicInput>;
type TemplateInput = z.output<typeof zTemplateInput>;

// ---- DTOs

export function toTemplateDto(row: TemplateRow): TemplateDto {
  const type = row.type as TemplateType;
  const mediaType = templateMediaType(type);
  return {
    id: row.id,
    type,
    categoryId: row.categoryId,
    name: row.name,
    description: row.description,
    recipe: row.recipe,
    options: row.options,
    cost: row.cost,
    status: row.status === 'retired' ? 'retired' : 'active',
    pro: isProTemplateType(type),
    mediaType,
    previewUrl: templatePreviewUrl(row.id),
    previewMediaType: mediaType,
    tags: row.tags,
    sortOrder: row.sortOrder,
    usageCount: row.usageCount,
  };
}

const toCategoryDto = (row: CategoryRow, templateCount: number): CategoryDto => ({
  id: row.id,
  type: row.type as TemplateType,
  name: row.name,
  sortOrder: row.sortOrder,
  templateCount,
});

const toPositionDto = (row: PositionRow): PositionDto => ({
  id: row.id,
  categoryId: row.categoryId,
  type: row.type as TemplateType,
  name: row.name,
  templateIds: row.templateIds,
});

const toSpecialTopicDto = (row: SpecialTopicRow): SpecialTopicDto => ({
  id: row.id,
  title: row.title,
  description: row.description,
  templateIds: row.templateIds,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
});

export const toLoraDto = (row: LoraRow): LoraDto => ({
  id: row.id,
  name: row.name,
  description: row.description,
  style: row.style,
  trigger: row.trigger,
  previewUrl: loraPreviewUrl(row.id),
  tags: row.tags,
});

// ---- Public browsing

function encodeCursor(row: TemplateRow): string {
  return Buffer.from(`${row.sortOrder}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { sortOrder: number; id: string } {
  const [order, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const sortOrder = Number(order);
  if (!id || !Number.isInteger(sortOrder)) throw new AppError('INCORRECT_PARAMETER');
  return { sortOrder, id };
}

export async function listTemplates(db: Database, raw: TemplateListInput, opts: { admin?: boolean } = {}): Promise<TemplatePage> {
  const input = zTemplateListInput.parse(raw);
  const types = input.types ?? (input.type ? [input.type] : undefined);
  const rows = await selectTemplates(db, {
    ...(types ? { types } : {}),
    ...(input.categoryId ? { categoryId: input.categoryId } : {}),
    includeRetired: Boolean(opts.admin && input.includeRetired),
    ...(input.cursor ? { after: decodeCursor(input.cursor) } : {}),
    limit: input.limit + 1,
  });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return { items: page.map(toTemplateDto), nextCursor: rows.length > input.limit && last ? encodeCursor(last) : null };
}

const isVideoType = (type: string) => TEMPLATE_KIND[type as TemplateType] === 'video_effect';

/** One template for its detail page: retired ones answer with the §8 "no longer supported" message. */
export async function getTemplate(db: Database, id: string, opts: { includeRetired?: boolean } = {}): Promise<TemplateDto> {
  const row = await selectTemplate(db, id);
  if (!row) throw new AppError('TEMPLATE_NOT_FOUND');
  if (row.status === 'retired' && !opts.includeRetired) throw new AppError(isVideoType(row.type) ? 'VIDEO_EFFECT_RETIRED' : 'IMAGE_EFFECT_RETIRED');
  return toTemplateDto(row);
}

export async function listCategories(db: Database, type?: TemplateType): Promise<CategoryDto[]> {
  return (await selectCategories(db, type)).map((row) => toCategoryDto(row, row.templateCount));
}

export async function listPositions(db: Database): Promise<PositionDto[]> {
  return (await selectPositions(db)).map(toPositionDto);
}

/** Admins see every topic; visitors only those running now. */
export async function listSpecialTopics(db: Database, opts: { activeAt?: Date } = {}): Promise<SpecialTopicDto[]> {
  return (await selectSpecialTopics(db, opts.activeAt)).map(toSpecialTopicDto);
}

export async function listLoras(db: Database): Promise<LoraDto[]> {
  return (await selectLoras(db)).map(toLoraDto);
}

export async function getLora(db: Database, id: string): Promise<LoraDto> {
  const row = await selectLora(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toLoraDto(row);
}

// ---- What a task needs

/**
 * The template a template task uses, as the snapshot copied into the task: unknown, or of another
 * kind than the RPC makes → "Video template not found." / "Template not found."; retired → the §8
 * "no longer supported" message.
 */
export async function resolveTemplate(db: Database, kind: TemplateGenerationKind, id: string): Promise<{ snapshot: TemplateSnapshot; pro: boolean }> {
  const row = await selectTemplate(db, id);
  const video = kind === 'video_effect';
  if (!row || TEMPLATE_KIND[row.type as TemplateType] !== kind) throw new AppError(video ? 'VIDEO_TEMPLATE_NOT_FOUND' : 'TEMPLATE_NOT_FOUND');
  if (row.status === 'retired') throw new AppError(video ? 'VIDEO_EFFECT_RETIRED' : 'IMAGE_EFFECT_RETIRED');
  return {
    snapshot: { id: row.id, type: row.type, name: row.name, recipe: row.recipe, options: row.options, cost: row.cost },
    pro: isProTemplateType(row.type as TemplateType),
  };
}

export async function resolveLora(db: Database, id: string): Promise<LoraSnapshot> {
  const row = await selectLora(db, id);
  if (!row) throw new AppError('INCORRECT_PARAMETER', { message: 'This style is not available.' });
  return { id: row.id, style: row.style, trigger: row.trigger };
}

// ---- Admin CRUD

async function categoryOf(db: Database, id: string): Promise<CategoryRow> {
  const category = await selectCategory(db, id);
  if (!category) throw new AppError('CATEGORY_NOT_FOUND');
  return category;
}

/** Runs an insert, turning a duplicate id into the entity's "already exists" error. */
async function insertOnce(exists: 'CATEGORY_EXISTS' | 'POSITION_EXISTS' | 'SPECIAL_TOPIC_EXISTS' | 'TEMPLATE_EXISTS', found: unknown, insert: () => Promise<unknown>) {
  if (found) throw new AppError(exists);
  try {
    await insert();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(exists);
    throw error;
  }
}

export async function createCategory(db: Database, input: CategoryInput): Promise<CategoryDto> {
  await insertOnce('CATEGORY_EXISTS', await selectCategory(db, input.id), () => insertCategory(db, input));
  return toCategoryDto(await categoryOf(db, input.id), 0);
}

export async function updateCategory(db: Database, input: CategoryInput): Promise<{ before: CategoryDto; after: CategoryDto }> {
  const before = await categoryOf(db, input.id);
  const templates = await countTemplatesInCategory(db, input.id);
  // Changing the type would leave its templates and positions of another type in it.
  if (input.type !== before.type && templates > 0) throw new AppError('CATEGORY_TYPE_MISMATCH');
  await updateCategoryRow(db, input.id, { type: input.type, name: input.name, sortOrder: input.sortOrder });
  return { before: toCategoryDto(before, templates), after: toCategoryDto(await categoryOf(db, input.id), templates) };
}

export async function deleteCategory(db: Database, id: string): Promise<CategoryDto> {
  const before = await categoryOf(db, id);
  if ((await countTemplatesInCategory(db, id)) > 0) throw new AppError('CATEGORY_NOT_EMPTY');
  await deleteCategoryRow(db, id);
  return toCategoryDto(before, 0);
}

/** A position lists templates of its category's type only. */
async function checkPosition(db: Database, input: PositionInput): Promise<void> {
  const category = await categoryOf(db, input.categoryId);
  if (category.type !== input.type) throw new AppError('CATEGORY_TYPE_MISMATCH');
  for (const templateId of input.templateIds) {
    const template = await selectTemplate(db, templateId);
    if (!template) throw new AppError('TEMPLATE_NOT_FOUND');
    if (template.type !== input.type) throw new AppError('CATEGORY_TYPE_MISMATCH');
  }
}

export async function createPosition(db: Database, input: PositionInput): Promise<PositionDto> {
  await checkPosition(db, input);
  await insertOnce('POSITION_EXISTS', await selectPosition(db, input.id), () => insertPosition(db, input));
  return toPositionDto((await selectPosition(db, input.id)) as PositionRow);
}

export async function updatePosition(db: Database, input: PositionInput): Promise<{ before: PositionDto; after: PositionDto }> {
  const before = await selectPosition(db, input.id);
  if (!before) throw new AppError('POSITION_NOT_FOUND');
  await checkPosition(db, input);
  const { id, ...set } = input;
  await updatePositionRow(db, id, set);
  return { before: toPositionDto(before), after: toPositionDto((await selectPosition(db, id)) as PositionRow) };
}

export async function deletePosition(db: Database, id: string): Promise<PositionDto> {
  const before = await selectPosition(db, id);
  if (!before) throw new AppError('POSITION_NOT_FOUND');
  await deletePositionRow(db, id);
  return toPositionDto(before);
}

async function checkTopicTemplates(db: Database, ids: readonly string[]): Promise<void> {
  for (const id of ids) if (!(await selectTemplate(db, id))) throw new AppError('TEMPLATE_NOT_FOUND');
}

const topicRow = (input: SpecialTopicInput) => ({
  ...input,
  startsAt: input.startsAt ? new Date(input.startsAt) : null,
  endsAt: input.endsAt ? new Date(input.endsAt) : null,
});

export async function createSpecialTopic(db: Database, input: SpecialTopicInput): Promise<SpecialTopicDto> {
  await checkTopicTemplates(db, input.templateIds);
  await insertOnce('SPECIAL_TOPIC_EXISTS', await selectSpecialTopic(db, input.id), () => insertSpecialTopic(db, topicRow(input)));
  return toSpecialTopicDto((await selectSpecialTopic(db, input.id)) as SpecialTopicRow);
}

export async function updateSpecialTopic(db: Database, input: SpecialTopicInput): Promise<{ before: SpecialTopicDto; after: SpecialTopicDto }> {
  const before = await selectSpecialTopic(db, input.id);
  if (!before) throw new AppError('SPECIAL_TOPIC_NOT_FOUND');
  await checkTopicTemplates(db, input.templateIds);
  const { id, ...set } = topicRow(input);
  await updateSpecialTopicRow(db, id, set);
  return { before: toSpecialTopicDto(before), after: toSpecialTopicDto((await selectSpecialTopic(db, id)) as SpecialTopicRow) };
}

export async function deleteSpecialTopic(db: Database, id: string): Promise<SpecialTopicDto> {
  const before = await selectSpecialTopic(db, id);
  if (!before) throw new AppError('SPECIAL_TOPIC_NOT_FOUND');
  await deleteSpecialTopicRow(db, id);
  return toSpecialTopicDto(before);
}

/** Every template, retired included, for the admin console. */
export async function adminListTemplates(db: Database): Promise<TemplateDto[]> {
  return (await selectTemplates(db, { includeRetired: true, limit: 10_000 })).map(toTemplateDto);
}

async function checkTemplate(db: Database, input: TemplateInput, isKnownRecipe?: (type: TemplateType, recipe: string) => boolean): Promise<void> {
  const category = await categoryOf(db, input.categoryId);
  if (category.type !== input.type) throw new AppError('CATEGORY_TYPE_MISMATCH');
  if (isKnownRecipe && !isKnownRecipe(input.type, input.recipe)) throw new AppError('INCORRECT_PARAMETER', { message: `The engine has no recipe "${input.recipe}" for this template type.` });
}

/** `isKnownRecipe` (the engine's registry) refuses templates the engine could not make. */
export async function createTemplate(db: Database, input: TemplateInput, isKnownRecipe?: (type: TemplateType, recipe: string) => boolean): Promise<TemplateDto> {
  await checkTemplate(db, input, isKnownRecipe);
  await insertOnce('TEMPLATE_EXISTS', await selectTemplate(db, input.id), () => insertTemplate(db, input));
  return toTemplateDto((await selectTemplate(db, input.id)) as TemplateRow);
}

export async function updateTemplate(
  db: Database,
  input: TemplateInput,
  isKnownRecipe?: (type: TemplateType, recipe: string) => boolean,
): Promise<{ before: TemplateDto; after: TemplateDto }> {
  const before = await selectTemplate(db, input.id);
  if (!before) throw new AppError('TEMPLATE_NOT_FOUND');
  await checkTemplate(db, input, isKnownRecipe);
  const { id, ...set } = input;
  await updateTemplateRow(db, id, set);
  return { before: toTemplateDto(before), after: toTemplateDto((await selectTemplate(db, id)) as TemplateRow) };
}

/** Deletes a template (creations made with it keep their media; retiring is the gentler choice). */
export async function deleteTemplate(db: Database, id: string): Promise<TemplateDto> {
  const before = await selectTemplate(db, id);
  if (!before) throw new AppError('TEMPLATE_NOT_FOUND');
  await deleteTemplateRow(db, id);
  return toTemplateDto(before);
}
