/**
 * The admin console's model catalogue (issue 18): every entry with the operator's changes, and
 * calls to disable or enable a model, change its price or limits, or drop the console's change
 * (back to the built-in entry or the MODEL_CATALOG_FILE's). Changes are stored in model_overrides,
 * audited, applied on this node at once and on the others at their next reload (modelCatalog.ts).
 */
import { AppError } from '@tessera/shared/errors';
import { applyOverrides, type ModelEntry, zModelLimits, zModelPrice } from '@tessera/shared/generation/models';
import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { adminProcedure } from '../../trpc/procedures.ts';
import type { AppServices } from '../../services.ts';
import { recordAudit } from './audit.ts';

const zModelId = z.object({ id: z.string().min(1).max(64) });

export const zAdminModelUpdate = z.object({
  id: z.string().min(1).max(64),
  disabled: z.boolean().optional(),
  /** null removes the price: the model then costs what its kind costs on the local engine. */
  price: zModelPrice.nullable().optional(),
  limits: zModelLimits.optional(),
  timeoutS: z.number().int().min(10).max(7200).optional(),
});

export interface AdminModelRow extends ModelEntry {
  /** This server has the provider's key. */
  available: boolean;
  /** The admin console changed it (reset drops the change). */
  overridden: boolean;
}

async function rows(services: Pick<AppServices, 'db' | 'models'>): Promise<AdminModelRow[]> {
  const { models } = services;
  const overridden = await models.overriddenIds(services.db);
  return models.entries().map((entry) => ({ ...entry, available: entry.provider === 'local' || models.configured.has(entry.provider), overridden: overridden.has(entry.id) }));
}

export const adminModelsRouter = router({
  list: adminProcedure.query(({ ctx }) => rows(ctx.services)),
  update: adminProcedure.input(zAdminModelUpdate).mutation(async ({ ctx, input }) => {
    const { db, models } = ctx.services;
    const before = models.find(input.id);
    if (!before) throw new AppError('NOT_FOUND');
    if (input.id === 'local' && input.disabled) throw new AppError('INCORRECT_PARAMETER');
    const stored = await models.storedOverride(db, input.id);
    const { id, price, ...fields } = input;
    const override: Record<string, unknown> = { ...(stored ?? {}), ...fields };
    if (price !== undefined) override.price = price ?? undefined;
    // Refuse a change that would not make a valid entry before storing it.
    try {
      applyOverrides([before], [{ ...override, id } as never]);
    } catch {
      throw new AppError('INCORRECT_PARAMETER');
    }
    await db.transaction(async (tx) => {
      await models.saveOverride(tx, id, override, ctx.user.id);
      await recordAudit(tx, { admin: { id: ctx.user.id, email: ctx.user.email }, action: 'models.update', targetType: 'model', targetId: id, before, after: override });
    });
    await models.reload(db);
    return (await rows(ctx.services)).find((row) => row.id === id)!;
  }),
  reset: adminProcedure.input(zModelId).mutation(async ({ ctx, input }) => {
    const { db, models } = ctx.services;
    await db.transaction(async (tx) => {
      const before = await models.dropOverride(tx, input.id);
      if (before === null) throw new AppError('NOT_FOUND');
      await recordAudit(tx, { admin: { id: ctx.user.id, email: ctx.user.email }, action: 'models.reset', targetType: 'model', targetId: input.id, before, after: null });
    });
    await models.reload(db);
    return (await rows(ctx.services)).find((row) => row.id === input.id) ?? null;
  }),
});

