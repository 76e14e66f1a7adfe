/**
 * The error catalogue of spec §8: wire codes with their HTTP statuses, and every product
 * message as a catalogue entry. Services throw `AppError`; only the tRPC error formatter and
 * the HTTP error handler turn one into a wire error.
 */

/** §8 "Code to HTTP status". Anything not listed maps to 500. */
export const WIRE_HTTP_STATUS = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  TIMEOUT: 408,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  CLIENT_CLOSED_REQUEST: 499,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
} as const;

export type WireCode = keyof typeof WIRE_HTTP_STATUS;

export function httpStatusOf(code: string): number {
  return (WIRE_HTTP_STATUS as Record<string, number>)[code] ?? 500;
}

export function isWireCode(code: string): code is WireCode {
  return Object.hasOwn(WIRE_HTTP_STATUS, code);
}

/** Shown by the studio when an INTERNAL_SERVER_ERROR carries no usable message (§8). */
export const UNKNOWN_ERROR_MESSAGE = 'UNKNOWN ERROR';

interface CatalogueEntry {
  readonly code: WireCode;
  readonly message: string;
}

const entry = (code: WireCode, message: string): CatalogueEntry => ({ code, message });

/**
 * Every product message of §8, keyed by a stable catalogue code. Messages the spec names only
 * by topic ("failures for background remover …") are worded here; the wording is ours.
 */
export const ERROR_CATALOGUE = {
  // Generic
  INCORRECT_PARAMETER: entry('BAD_REQUEST', 'Incorrect Parameter'),
  MALFORMED_BODY: entry('PARSE_ERROR', 'The request body could not be parsed.'),
  METHOD_NOT_SUPPORTED: entry('METHOD_NOT_SUPPORTED', 'This method is not supported here.'),
  UNAUTHORIZED: entry('UNAUTHORIZED', 'Please sign in to continue.'),
  FORBIDDEN: entry('FORBIDDEN', 'You do not have permission to do this.'),
  NOT_FOUND: entry('NOT_FOUND', 'Not found.'),
  PAYLOAD_TOO_LARGE: entry('PAYLOAD_TOO_LARGE', 'The request is too large.'),
  TOO_MANY_REQUESTS: entry('TOO_MANY_REQUESTS', 'Too many requests. Please try again later.'),
  // Not in §8: a tRPC batch longer than RPC_MAX_BATCH_CALLS (shared/routes); the studio never sends one.
  BATCH_TOO_LARGE: entry('BAD_REQUEST', 'Too many calls in one request.'),
  INTERNAL: entry('INTERNAL_SERVER_ERROR', UNKNOWN_ERROR_MESSAGE),
  SERVICE_UNAVAILABLE: entry('INTERNAL_SERVER_ERROR', 'This service is unavailable. Please refresh the page.'),
  TRY_AGAIN_LATER: entry('INTERNAL_SERVER_ERROR', 'Please try again later'),
  REFRESH_AND_RETRY: entry('PRECONDITION_FAILED', 'Please refresh the page and try again.'),
  UNSUPPORTED_UPSCALE_MODE: entry('BAD_REQUEST', 'Unsupported upscale mode or capability'),
  UPSCALE_CREDIT_GAP: entry('BAD_REQUEST', 'Upscale credit calculation gap is too large'),
  VIDEO_REMOVAL_BALANCE: entry('INTERNAL_SERVER_ERROR', 'The video removal service balance is insufficient. Please try again later.'),

  // Credits and limits
  NOT_ENOUGH_CREDITS: entry('FORBIDDEN', 'Not enough credits. Please add more.'),
  PARALLEL_TASK_LIMIT: entry('TOO_MANY_REQUESTS', 'Parallel task limit reached. Please wait for some tasks to complete.'),
  AI_RATE_LIMIT: entry('TOO_MANY_REQUESTS', 'AI service rate limit exceeded.'),
  PRO_FEATURE: entry('FORBIDDEN', 'This feature needs a paid plan.'),

  // Auth
  EMAIL_PASSWORD_REQUIRED: entry('BAD_REQUEST', 'Email and password are required.'),
  USER_NOT_FOUND: entry('NOT_FOUND', 'User does not exist.'),
  INVALID_CREDENTIALS: entry('UNAUTHORIZED', 'Incorrect username or password.'),
  VERIFICATION_EXPIRED: entry('BAD_REQUEST', 'The verification time has expired, please resend the email.'),
  EMAIL_REGISTERED: entry('CONFLICT', 'The email has been registered.'),
  INCORRECT_EMAIL_CODE: entry('BAD_REQUEST', 'Incorrect email code.'),
  EMAIL_NOT_VERIFIED: entry('FORBIDDEN', 'Email has not been verified yet.'),
  INVALID_EMAIL: entry('BAD_REQUEST', 'Your email address is invalid. Please try a different one.'),
  USER_DELETED: entry('UNAUTHORIZED', 'USER_DELETED'),
  // Not in §8: an admin banned the account (admin console); the wording is ours.
  USER_BANNED: entry('FORBIDDEN', 'This account has been suspended. Please contact support.'),
  PASSWORD_TOO_SHORT: entry('BAD_REQUEST', 'Password must be at least 8 characters.'),
  PASSWORD_TOO_LONG: entry('BAD_REQUEST', 'Password must be at most 256 characters.'),
  // Not in §8, which names no password-strength message; the policy lives in shared/auth/credentials.
  WEAK_PASSWORD: entry('BAD_REQUEST', 'This password is too common or easy to guess. Please choose a longer or less predictable one.'),
  MISSING_ORIGIN: entry('FORBIDDEN', 'Missing or untrusted Origin header.'),

  // Moderation
  SENSITIVE_TEXT: entry('BAD_REQUEST', 'Please do not enter sensitive or harmful content.'),
  SENSITIVE_IMAGE: entry('BAD_REQUEST', 'The image contains sensitive or illegal content.'),
  SENSITIVE_CONTENT: entry('BAD_REQUEST', 'Please do not enter sensitive content.'),
  MODERATION_ERROR: entry('INTERNAL_SERVER_ERROR', 'Content moderation encountered an unexpected error. Please try again later.'),

  // Video
  VIDEO_GENERATION_FAILED: entry('INTERNAL_SERVER_ERROR', 'Video generation failed'),
  VIDEO_SUBMIT_ERROR: entry('INTERNAL_SERVER_ERROR', 'Video submit task error'),
  VIDEO_GENERATING: entry('CONFLICT', 'Video generating'),
  VIDEO_PROCESSING: entry('CONFLICT', 'The video is currently being processed, so this action is not available right now.'),
  VIDEO_NOT_EXTENDABLE: entry('BAD_REQUEST', 'This video does not currently support extended operations. Please try another video.'),
  VIDEO_EXTENSION_FAILED: entry('INTERNAL_SERVER_ERROR', 'Video extension failed.'),
  VIDEO_TEMPLATE_NOT_FOUND: entry('NOT_FOUND', 'Video template not found.'),
  VIDEO_NOT_FOUND: entry('NOT_FOUND', 'Video not found.'),
  VIDEO_MODEL_UNAVAILABLE: entry('PRECONDITION_FAILED', 'The model used to create this video is currently unavailable. We suggest you try our other models.'),
  VIDEO_EFFECT_RETIRED: entry('PRECONDITION_FAILED', 'This video effect is no longer supported. Please try other video effects.'),
  VIDEO_ILLEGAL: entry('FORBIDDEN', 'The video content is illegal and cannot be accessed.'),
  REPORT_EXISTS: entry('CONFLICT', 'Report already exists.'),
  VIDEO_LOAD_FAILED: entry('INTERNAL_SERVER_ERROR', 'Failed to load video. Please try again later.'),
  // Not in §8 (which names no upload message for videos): the §5 upload rules need words.
  VIDEO_VALIDATION_FAILED: entry('BAD_REQUEST', 'Video validation failed.'),
  VIDEO_DURATION_OUT_OF_RANGE: entry('BAD_REQUEST', 'Videos must be 3 to 30 seconds long.'),
  // §5's lip-sync limits, in our words (§8 names none).
  LIP_SYNC_VIDEO_SIZE: entry('BAD_REQUEST', 'For lip sync, the video’s short side must be over 720 px and its long side under 1920 px.'),
  LIP_SYNC_VIDEO_DURATION: entry('BAD_REQUEST', 'For lip sync, the video must be longer than 2 seconds and shorter than 10 seconds.'),
  LIP_SYNC_VIDEO_TOO_LARGE: entry('BAD_REQUEST', 'For lip sync, the video must be under 100 MB.'),
  CREDIT_MATCH_FAILED: entry('INTERNAL_SERVER_ERROR', 'Failed to get credit match or credits for this generation.'),
  // A hosted model's limits (shared/generation/models), checked before credits are held. Not in §8; the wording is ours.
  MODEL_DURATION_UNSUPPORTED: entry('BAD_REQUEST', 'This model does not make videos of this length. Choose another duration or another model.'),
  MODEL_SETTING_UNSUPPORTED: entry('BAD_REQUEST', 'This model does not support this size, shape or setting. Choose another one or another model.'),
  MODEL_SOURCE_TOO_LONG: entry('BAD_REQUEST', 'This input is too long for this model. Shorten it or choose another model.'),
  MODEL_INPUT_TOO_LARGE: entry('BAD_REQUEST', 'This file is too large for this model. Choose a smaller file or another model.'),
  // The operator turned the local engine off for this kind and no hosted model makes it (LOCAL_ENGINE_OFF).
  KIND_UNAVAILABLE: entry('PRECONDITION_FAILED', 'This is not available on this server.'),

  // Image
  IMAGE_REQUIRED: entry('BAD_REQUEST', 'Image is required.'),
  IMAGE_NOT_FOUND: entry('NOT_FOUND', 'Image not found.'),
  IMAGE_UPLOAD_FAILED: entry('INTERNAL_SERVER_ERROR', 'Image upload failed.'),
  IMAGE_DOWNLOAD_FAILED: entry('INTERNAL_SERVER_ERROR', 'Image download failed.'),
  IMAGE_GENERATION_FAILED: entry('INTERNAL_SERVER_ERROR', 'Image generation failed.'),
  BACKGROUND_REMOVER_FAILED: entry('INTERNAL_SERVER_ERROR', 'Background removal failed.'),
  OBJECT_REMOVER_FAILED: entry('INTERNAL_SERVER_ERROR', 'Object removal failed.'),
  UNCROP_FAILED: entry('INTERNAL_SERVER_ERROR', 'Uncrop failed.'),
  UPSCALE_FAILED: entry('INTERNAL_SERVER_ERROR', 'Upscale failed.'),
  PAINTING_FAILED: entry('INTERNAL_SERVER_ERROR', 'Painting failed.'),
  FACE_SWAP_FAILED: entry('INTERNAL_SERVER_ERROR', 'Face swap failed.'),
  BACKGROUND_CHANGER_FAILED: entry('INTERNAL_SERVER_ERROR', 'Background change failed.'),
  CROP_FAILED: entry('INTERNAL_SERVER_ERROR', 'Crop failed.'),
  IMAGE_VALIDATION_FAILED: entry('BAD_REQUEST', 'Image validation failed.'),
  IMAGE_UPSCALE_TOO_LARGE: entry('BAD_REQUEST', 'Image upscale size is too large.'),
  IMAGE_EFFECT_RETIRED: entry('PRECONDITION_FAILED', 'This image effect is no longer supported.'),
  INVALID_IMAGE_URL: entry('BAD_REQUEST', 'Invalid image URL.'),

  // Face and lip sync
  NO_FACE_FOUND: entry('BAD_REQUEST', 'No face found'),
  INVALID_FACE_POSE: entry('BAD_REQUEST', 'The pose of the detected face is invalid.'),
  NO_FACES_IN_IMAGE: entry('BAD_REQUEST', 'No faces detected in the image.'),
  SPEECH_TOO_FREQUENT: entry('TOO_MANY_REQUESTS', 'Speech generation is too frequent. Please try again later.'),

  // Subscriptions. Not in §8, which names no billing messages; the wording is ours.
  SUBSCRIPTION_NOT_FOUND: entry('NOT_FOUND', 'Subscription not found.'),
  ALREADY_SUBSCRIBED: entry('CONFLICT', 'You already have a subscription. Upgrade it from your account instead.'),
  SUBSCRIPTION_ACTION_UNAVAILABLE: entry('PRECONDITION_FAILED', 'This change is not available for your subscription right now.'),
  PRODUCT_NOT_FOUND: entry('NOT_FOUND', 'This plan is not available.'),
  PAYMENT_DECLINED: entry('BAD_REQUEST', 'Your card was declined. Please try another payment method.'),
  WEBHOOK_SIGNATURE_INVALID: entry('BAD_REQUEST', 'Invalid webhook signature.'),

  // Missions and invites
  MISSION_ALREADY_COMPLETED: entry('CONFLICT', 'Reward mission already completed.'),
  MISSION_NOT_FOUND: entry('NOT_FOUND', 'Mission not found.'),
  MISSION_ALREADY_CLAIMED: entry('CONFLICT', 'Mission credit has been claimed.'),
  MISSION_NOT_COMPLETED: entry('PRECONDITION_FAILED', 'Mission has not been completed.'),
  INVALID_INVITE_CODE: entry('BAD_REQUEST', 'Please enter the correct invite code.'),
  OWN_INVITE_CODE: entry('BAD_REQUEST', 'Please fill in the invitation code of others.'),
  UNLOCK_REWARD_FAILED: entry('INTERNAL_SERVER_ERROR', 'Unlocking reward failed, please try again later.'),
  // §8 names these by topic only; the wording is ours.
  INVITE_REGISTERED_SUBSCRIBER: entry(
    'CONFLICT',
    'You are already registered, so you cannot receive the sign-up reward. As a subscriber you can still invite friends and earn rewards.',
  ),
  INVITE_REGISTERED: entry(
    'CONFLICT',
    'You are already registered, so you cannot receive the sign-up reward. You can still get a 50-credit subscription reward for your friend when you subscribe.',
  ),
  INVITE_ALREADY_USED: entry('CONFLICT', 'You have already entered an invite code.'),

  // Admin and catalogue
  CONFIG_NOT_FOUND: entry('NOT_FOUND', 'Config not found.'),
  CONFIG_EXISTS: entry('CONFLICT', 'Config already exists.'),
  CATEGORY_NOT_FOUND: entry('NOT_FOUND', 'Category not found.'),
  CATEGORY_EXISTS: entry('CONFLICT', 'Category already exists.'),
  POSITION_NOT_FOUND: entry('NOT_FOUND', 'Position not found.'),
  POSITION_EXISTS: entry('CONFLICT', 'Position already exists.'),
  SPECIAL_TOPIC_NOT_FOUND: entry('NOT_FOUND', 'Special topic not found.'),
  SPECIAL_TOPIC_EXISTS: entry('CONFLICT', 'Special topic already exists.'),
  TEMPLATE_NOT_FOUND: entry('NOT_FOUND', 'Template not found.'),
  TEMPLATE_EXISTS: entry('CONFLICT', 'Template already exists.'),
  DEFAULT_PROJECT_UNDELETABLE: entry('FORBIDDEN', 'The default project cannot be deleted.'),
  CATEGORY_TYPE_MISMATCH: entry('BAD_REQUEST', 'A position or template type must match its category type.'),
  // §4 "a video with wrong publish status or protected cannot be published"; the wording is ours.
  PUBLISH_STATUS_INVALID: entry('PRECONDITION_FAILED', 'This creation cannot be published while it is under review.'),
  CONTENT_PROTECTED: entry('FORBIDDEN', 'This creation was removed by a moderator and cannot be published.'),
  // Projects and chat (canvas mode). Not in §8 except the default-project rule; the wording is ours.
  PROJECT_NOT_FOUND: entry('NOT_FOUND', 'Project not found.'),
  PROJECT_READ_ONLY: entry('FORBIDDEN', 'You can view this project but not change it. Ask its owner for edit access.'),
  PROJECT_INVITE_INVALID: entry('NOT_FOUND', 'This invite is no longer valid. Ask the project owner for a new one.'),
  PROJECT_OWNER_CANNOT_LEAVE: entry('BAD_REQUEST', 'The owner cannot leave the project. Delete it instead.'),
  PROJECT_MEMBER_EXISTS: entry('CONFLICT', 'This person is already a member of the project.'),
  // An e-mail invite opened while signed in with another address: say so, rather than "invalid".
  PROJECT_INVITE_OTHER_EMAIL: entry('FORBIDDEN', 'This invite was sent to another e-mail address. Sign in with that address to accept it.'),
  CANVAS_NODE_NOT_FOUND: entry('NOT_FOUND', 'This item is no longer on the canvas.'),
  // Regenerating a node whose generation is still queued or running would orphan that result.
  CANVAS_NODE_BUSY: entry('CONFLICT', 'This item is still generating. Wait for it to finish or cancel it first.'),
  CHAT_NOT_FOUND: entry('NOT_FOUND', 'Chat not found.'),
  // Not in §8: a category still holding templates cannot go (templates would lose their home).
  CATEGORY_NOT_EMPTY: entry('CONFLICT', 'This category still has templates. Move or delete them first.'),

  // The developer API (issue 19). Not in §8; the wording is ours.
  INVALID_API_KEY: entry('UNAUTHORIZED', 'Invalid or revoked API key.'),
  API_KEY_LIMIT: entry('CONFLICT', 'You have reached the maximum number of API keys. Revoke one first.'),
  IDEMPOTENCY_KEY_REUSED: entry('UNPROCESSABLE_CONTENT', 'This Idempotency-Key was already used with a different request.'),
  IDEMPOTENCY_KEY_IN_PROGRESS: entry('CONFLICT', 'A request with this Idempotency-Key is still being processed. Retry shortly.'),
  INVALID_CALLBACK_URL: entry('BAD_REQUEST', 'Invalid callback URL.'),

  // Flows on the canvas (issue 24). Not in §8; the wording is ours.
  FLOW_INVALID: entry('BAD_REQUEST', 'This flow cannot run as it is. Fix the marked steps and try again.'),
  FLOW_COST_CHANGED: entry('CONFLICT', 'The price of this run changed. Check it and confirm again.'),
  FLOW_BLOCKED: entry('PRECONDITION_FAILED', 'A step this one needs failed.'),
  FLOW_TEMPLATE_NOT_FOUND: entry('NOT_FOUND', 'Flow template not found.'),
  FLOW_TEMPLATE_FOREIGN_MEDIA: entry('FORBIDDEN', "This template shows other people's media. Save it again without sample media, or with only your own, to publish it."),
} as const satisfies Record<string, CatalogueEntry>;

export type CatalogueCode = keyof typeof ERROR_CATALOGUE;

export function isCatalogueCode(code: string): code is CatalogueCode {
  return Object.hasOwn(ERROR_CATALOGUE, code);
}

/** A usage limit an error refers to, rendered on the wire as `app::usageType::message` (§8). */
export interface UsageRef {
  readonly app: string;
  readonly usageType: string;
}

const USAGE_SEPARATOR = '::';

/** The usage type a PRO_FEATURE refusal names (`tessera::pro_feature::…`, §8). */
export const PRO_FEATURE_USAGE_TYPE = 'pro_feature';

export function formatForbiddenUsage(usage: UsageRef, message: string): string {
  return [usage.app, usage.usageType, message].join(USAGE_SEPARATOR);
}

/** Parses `app::usageType::message`; a message without the prefix yields null. */
export function parseForbiddenUsage(text: string): (UsageRef & { message: string }) | null {
  const parts = text.split(USAGE_SEPARATOR);
  if (parts.length < 3) return null;
  const [app, usageType, ...rest] = parts;
  if (!app || !usageType) return null;
  return { app, usageType, message: rest.join(USAGE_SEPARATOR) };
}

/** A domain failure with a catalogue code. Services throw these; transports translate them. */
export class AppError extends Error {
  readonly catalogueCode: CatalogueCode;
  readonly wireCode: WireCode;
  readonly usage: UsageRef | undefined;

  constructor(code: CatalogueCode, options: { usage?: UsageRef; cause?: unknown; message?: string } = {}) {
    const base = ERROR_CATALOGUE[code];
    const message = options.message ?? base.message;
    super(options.usage ? formatForbiddenUsage(options.usage, message) : message, { cause: options.cause });
    this.name = 'AppError';
    this.catalogueCode = code;
    this.wireCode = base.code;
    this.usage = options.usage;
  }

  get httpStatus(): number {
    return httpStatusOf(this.wireCode);
  }
}

/** The JSON body every non-tRPC HTTP error uses, mirroring the tRPC error shape. */
export interface HttpErrorBody {
  error: {
    code: WireCode;
    message: string;
    data: { code: WireCode; httpStatus: number; appCode?: CatalogueCode; path?: string };
  };
}

export function httpErrorBody(code: CatalogueCode, path?: string, message?: string): HttpErrorBody {
  const { code: wire, message: text } = ERROR_CATALOGUE[code];
  return {
    error: {
      code: wire,
      message: message ?? text,
      data: { code: wire, httpStatus: httpStatusOf(wire), appCode: code, ...(path ? { path } : {}) },
    },
  };
}
