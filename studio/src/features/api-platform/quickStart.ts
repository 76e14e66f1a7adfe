/**
 * The quick start's first call: the REST route of text to image (`POST /api/v1/generations/{kind-slug}`),
 * authenticated by the `X-API-Key` header (`API_KEY_HEADER` of shared/api).
 *
 * The /api landing page uses this file too. `@tessera/shared/api` imports the generation
 * catalogue and its zod schemas (~29 KB gzipped), so the two values it needs are written here
 * and quickStart.test.ts holds them equal to shared/api's.
 */

/** What the example sends when the visitor has not created a key on this page. */
export const KEY_PLACEHOLDER = '$TESSERA_API_KEY';

/** The REST path that creates a text-to-image task (`kindSlug('text_to_image')`). */
export const TEXT_TO_IMAGE_PATH = '/api/v1/generations/text-to-image';

/** API credits a first key brings (`API_TRIAL_CREDITS`). */
export const TRIAL_CREDITS = 100;

/** The MCP endpoint (streamable HTTP) assistants connect to. */
export const MCP_PATH = '/api/mcp';

/**
 * A curl command that starts a text-to-image task on `origin` with `key` (or the shell variable
 * when there is none yet). A real key is quoted as a literal; the placeholder stays expandable.
 */
export function curlExample(origin: string, key: string | null): string {
  const keyArg = key ? `"X-API-Key: ${key}"` : `"X-API-Key: ${KEY_PLACEHOLDER}"`;
  return [
    `curl -X POST "${origin}${TEXT_TO_IMAGE_PATH}" \\`,
    `  -H ${keyArg} \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"prompt":"A lighthouse at dusk, warm orange sky","aspectRatio":"16:9"}'`,
  ].join('\n');
}
