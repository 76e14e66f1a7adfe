/**
 * What a client can send that no route should ever see: text PostgreSQL cannot store (U+0000 is
 * refused in `text` columns, an unpaired UTF-16 surrogate is not valid Unicode) and JSON nested
 * deeper than any of our inputs, which only exhausts recursive code further down (validators,
 * better-auth). Checked once at the boundary — every tRPC procedure and every REST route — so a
 * client's mistake answers 400 instead of a database error answering 500.
 */

/** No input of ours nests anywhere near this deep (canvas documents travel through Yjs, not JSON). */
export const MAX_INPUT_DEPTH = 64;

export type InputProblem = 'unsafe-text' | 'too-deep';

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True for a string PostgreSQL can store as text: no NUL and no unpaired surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * The first problem in a decoded input (body, query, tRPC input), or null. Walks iteratively,
 * so a hostile depth cannot overflow the stack here; object keys are checked like values.
 */
export function inputProblem(input: unknown): InputProblem | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: input, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return 'unsafe-text';
      continue;
    }
    if (typeof value !== 'object' || value === null || Buffer.isBuffer(value) || ArrayBuffer.isView(value)) continue;
    if (depth >= MAX_INPUT_DEPTH) return 'too-deep';
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    // Only plain data: a multipart file, a stream or FormData is checked by its own route.
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) continue;
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return 'unsafe-text';
      stack.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}
