/**
 * Generation RPCs (§7): one mutation per creation kind, each answering `{ id }` of the accepted
 * task, plus the task list, cancel and concurrency. Thin: parse, call the task service.
 */
import { GENERATION_KINDS, type GenerationInput, type GenerationKind, isGenerationKind } from '@tessera/shared/generation';
import { toChoice } from '@tessera/shared/generation/models';
import { localizeMessage } from '@tessera/shared/errors/messages';
import type { LanguageCode } from '@tessera/shared/i18n';
import { z } from 'zod';
import { router } from '../trpc/init.ts';
import { authedProcedure, publicProcedure } from '../trpc/procedures.ts';
import type { Context } from '../trpc/context.ts';
import type { AppServices } from '../services.ts';
import { applyCanvasOutcome } from '../modules/canvas/canvasOutcome.ts';
import { cancelTask, createTask, getTask, listTasks, taskConcurrency, type TaskDto, type TaskServiceDeps } from './tasks.service.ts';

function taskDeps(ctx: Context): TaskServiceDeps {
  return taskDepsOf(ctx.services);
}

/** What the task service needs from the app's services (the RPCs here, the developer API). */
export function taskDepsOf(services: AppServices): TaskServiceDeps {
  const { db, realtime, moderation, workers, storage, engine, collab } = services;
  // A canceled canvas task's placeholder is marked at once for everyone on the canvas.
  return {
    db,
    realtime,
    moderation,
    storage,
    engine,
    collab,
    models: services.models,
    wakeWorkers: () => workers?.wake(),
    onSettled: (id) => applyCanvasOutcome(services, id),
  };
}

/** The mutation for one kind, validated with the kind's schema from shared/generation. */
function createProcedure<K extends GenerationKind>(kind: K) {
  const schema = GENERATION_KINDS[kind].input as (typeof GENERATION_KINDS)[K]['input'];
  return authedProcedure.input(schema).mutation(async ({ ctx, input }) => {
    const { id } = await createTask(taskDeps(ctx), { userId: ctx.session.user.id, kind, input: input as GenerationInput<K> });
    return { id };
  });
}

export const text2ImageRouter = router({ create: createProcedure('text_to_image') });
export const image2ImageRouter = router({ create: createProcedure('image_to_image') });

export const imageToolsRouter = router({
  upscale: createProcedure('upscale'),
  uncrop: createProcedure('uncrop'),
  objectRemover: createProcedure('object_remover'),
  backgroundRemover: createProcedure('background_remover'),
  backgroundChanger: createProcedure('background_changer'),
  faceSwap: createProcedure('face_swap'),
  painting: createProcedure('inpaint'),
});

/** Template kinds (issue 7): the template decides the recipe and the price. */
export const template2ImageRouter = router({
  create: createProcedure('photo_effect'),
  modelFitting: createProcedure('model_fitting'),
  productPromotionalImage: createProcedure('product_photo'),
});
export const videoRouter = router({
  createVideoByTemplate: createProcedure('video_effect'),
  createVideoByText: createProcedure('text_to_video'),
  createVideoByTextV2: createProcedure('text_to_video_v2'),
  createVideoByImage: createProcedure('image_to_video'),
  createVideoByImageV2: createProcedure('image_to_video_v2'),
  createVideoByVideo: createProcedure('video_to_video'),
  upscaleVideo: createProcedure('video_upscale'),
  createVideoBySubjects: createProcedure('video_subjects'),
  createActionImitation: createProcedure('action_imitation'),
  /** Not named in §7 (which lists no extension call); ours. */
  extendVideo: createProcedure('video_extend'),
});
export const aiShortsRouter = router({ create: createProcedure('ai_shorts') });
export const videoToolsRouter = router({
  videoBackgroundRemover: createProcedure('video_background_remover'),
  videoSubtitlesRemove: createProcedure('video_subtitles_remove'),
});
export const audioVideoRouter = router({ createAudioVideo: createProcedure('sound_effects') });
export const lipSyncRouter = router({ createLipSyncTask: createProcedure('lip_sync') });

/**
 * The model pickers: the models that can make a kind here (hosted ones only when their key is
 * set and not disabled), default first, the local engine last — with vendor, speed, limits and
 * price, so a form prices its Generate button with the same rule the server charges by.
 * `durations`/`resolutions` repeat the limits for the video forms' option lists.
 */
export const modelRouter = router({
  list: publicProcedure.input(z.object({ kind: z.string().max(64) })).query(({ ctx, input }) => {
    if (!isGenerationKind(input.kind)) return [];
    return ctx.services.models.forKind(input.kind).map((model) => ({
      ...toChoice(model),
      durations: model.limits.durations ?? [],
      resolutions: model.limits.resolutions ?? [],
    }));
  }),
  /** The whole catalogue for the model pages: every enabled entry, and whether this server can run it. */
  catalog: publicProcedure.query(({ ctx }) => {
    const { models } = ctx.services;
    return models
      .entries()
      .filter((model) => !model.disabled)
      .map((model) => ({ ...toChoice(model), kinds: model.kinds, available: model.provider === 'local' || models.configured.has(model.provider) }));
  }),
});
export const animeRouter = router({ createAnimatedVideo: createProcedure('anime_video') });

/** Timeline export (issue 9): renders a snapshot of a project's timeline into one MP4. */
export const videoEditRouter = router({ createVideoEdit: createProcedure('video_edit') });

const zTaskId = z.object({ id: z.uuid() });

/** A failed task's catalogue message in the caller's language (§7/§8); its code stays. */
function inLanguage(task: TaskDto, lang: LanguageCode): TaskDto {
  return task.error ? { ...task, error: { ...task.error, message: localizeMessage(task.error.code, task.error.message, lang) } } : task;
}

export const taskRouter = router({
  list: authedProcedure
    .input(z.object({ limit: z.number().int().min(1).max(100).default(50) }).optional())
    .query(async ({ ctx, input }) => (await listTasks(ctx.services.db, ctx.session.user.id, input?.limit)).map((task) => inLanguage(task, ctx.lang))),
  get: authedProcedure.input(zTaskId).query(async ({ ctx, input }) => inLanguage(await getTask(ctx.services.db, ctx.session.user.id, input.id), ctx.lang)),
  cancel: authedProcedure.input(zTaskId).mutation(({ ctx, input }) => cancelTask(taskDeps(ctx), ctx.session.user.id, input.id)),
  /** Face swap on a video (§7 names it under `task`). */
  createFaceSwapTask: createProcedure('video_face_swap'),
  /** "2 of 3 running": the caller's plan concurrency in use. */
  concurrency: authedProcedure.query(({ ctx }) => taskConcurrency(ctx.services.db, ctx.session.user.id)),
});
