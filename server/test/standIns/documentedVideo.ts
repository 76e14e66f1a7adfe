/** Documented video endpoints (see documented.ts for the format). */
import type { DocumentedEndpoint } from './documented.ts';

export const DOCUMENTED_VIDEO: Record<string, DocumentedEndpoint> = {};
