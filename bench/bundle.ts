/**
 * `npm run bench:bundle`: JavaScript each route downloads, gzipped, from the studio's Vite
 * manifest (run `npm run build` first). A route needs the entry chunk and the static imports of
 * its lazily loaded page module, transitively; CSS is listed apart. The home page's budget is
 * 200 KB of gzipped JavaScript: Konva, Yjs, ffmpeg.wasm and the editor must load only with
 * the pages that use them. Prints figures; asserts nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const STUDIO = join(import.meta.dirname, '../studio');
const DIST = join(STUDIO, 'dist');
const HOME_BUDGET_KB = 200;

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, Chunk>;

export interface RouteSize {
  route: string;
  page: string;
  jsKb: number;
  cssKb: number;
  chunks: number;
}

const gzipKb = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length / 1024;

/** Page module of each route path, read from the router's `lazy(() => import('../pages/X.tsx'))` table. */
function routesByPage(): Map<string, string[]> {
  const source = readFileSync(join(STUDIO, 'src/app/router.tsx'), 'utf8');
  const pageOf = new Map<string, string>();
  for (const m of source.matchAll(/const (\w+) = lazy\(\(\) => import\('\.\.\/(pages\/[\w/]+\.tsx)'\)/g)) pageOf.set(m[1]!, `src/${m[2]!}`);
  const routes = new Map<string, string[]>();
  for (const m of source.matchAll(/\{ (?:index: true|path: '([^']*)'), element: <(\w+) \/>/g)) {
    const page = pageOf.get(m[2]!);
    if (page) routes.set(page, [...(routes.get(page) ?? []), m[1] === undefined ? '/' : `/${m[1]}`]);
  }
  return routes;
}

export function measureBundle(): RouteSize[] {
  const manifestPath = join(DIST, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error('studio/dist/.vite/manifest.json is missing: run `npm run build` first');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');
  const entry = closure(entryKey);
  const sizeOf = (keys: Set<string>) => {
    const files = [...keys].map((k) => manifest[k]!);
    const css = new Set(files.flatMap((c) => c.css ?? []));
    return {
      jsKb: files.reduce((sum, c) => sum + (c.file.endsWith('.js') ? gzipKb(c.file) : 0), 0),
      cssKb: [...css].reduce((sum, f) => sum + gzipKb(f), 0),
      chunks: files.length,
    };
  };
  const rows: RouteSize[] = [{ route: '(entry only)', page: entryKey, ...sizeOf(entry) }];
  for (const [page, routes] of routesByPage()) {
    if (!manifest[page]) continue;
    rows.push({ route: routes.join(' '), page, ...sizeOf(closure(page, new Set(entry))) });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measureBundle();
  console.log('bench/bundle — gzipped JavaScript and CSS per route (entry + page chunks)');
  console.table(Object.fromEntries(rows.map((r) => [r.route.length > 60 ? `${r.route.slice(0, 57)}…` : r.route, { 'JS KB': +r.jsKb.toFixed(1), 'CSS KB': +r.cssKb.toFixed(1), chunks: r.chunks }])));
  const home = rows.find((r) => r.route.split(' ').includes('/home'));
  if (home) console.log(`home page JavaScript: ${home.jsKb.toFixed(1)} KB gzipped (budget ${HOME_BUDGET_KB} KB) — ${home.jsKb <= HOME_BUDGET_KB ? 'within budget' : 'OVER BUDGET'}`);
}
