// `npm run build:server`: compiles the API server, the generation worker and the engine thread into
// plain JavaScript under server/dist/ (main.js, worker.js, engine-thread.js), so production starts
// `node server/dist/main.js` with no TypeScript loader and no compile at start.
//
// - The workspace packages (@tessera/shared, @tessera/db) export .ts sources: they are bundled in.
// - Every other package stays external (native and heavy ones — sharp, onnxruntime, tfjs, opencv,
//   face-api, pglite — load their own files from node_modules); the build fails when the code
//   imports a package that server/, db/ or shared/ do not list as a dependency, since the runtime
//   image installs only those.
// - Each source file's `import.meta.url` is rewritten to that file's own location, so paths computed
//   from it (server/models, db/migrations, db/seed, studio/dist, createRequire) resolve as they do
//   from the sources.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'server', 'dist');
const workspaces = ['server', 'db', 'shared'];

const runtimeDeps = new Set(
  workspaces.flatMap((ws) => Object.keys(JSON.parse(readFileSync(join(root, ws, 'package.json'), 'utf8')).dependencies ?? {})),
);
const builtins = new Set(builtinModules);
const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** Bare imports: workspace packages are bundled, node: built-ins and runtime dependencies stay external. */
const externals = {
  name: 'tessera-externals',
  setup(build) {
    const undeclared = new Set();
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@tessera/')) return undefined;
      const name = packageName(args.path);
      if (args.path.startsWith('node:') || builtins.has(name)) return { external: true };
      if (!runtimeDeps.has(name)) undeclared.add(`${name} (imported by ${relative(root, args.importer)})`);
      return { external: true };
    });
    build.onEnd((result) => {
      if (undeclared.size === 0) return;
      result.errors.push({ text: `not a dependency of ${workspaces.join('/')}, so missing from the runtime image: ${[...undeclared].join(', ')}` });
    });
  },
};

/** `import.meta.url` in a bundled file means that source file's URL, relative to the bundle's own. */
const sourceUrls = {
  name: 'tessera-source-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
      const fromDist = relative(outdir, args.path).split(sep).join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromDist)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

const started = performance.now();
await esbuild.build({
  absWorkingDir: root,
  entryPoints: [
    { in: 'server/src/main.ts', out: 'main' },
    { in: 'server/src/worker.ts', out: 'worker' },
    // Loaded by EnginePool's piscina threads (see enginePool.ts: TESSERA_COMPILED).
    { in: 'server/src/generation/engine/thread.ts', out: 'engine-thread' },
    // `npm run media:to-s3`: copies a local media folder into the bucket (runs in the image too).
    { in: 'server/src/mediaToS3.ts', out: 'media-to-s3' },
  ],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // Same source code, told apart at build time: the engine pool then starts dist/engine-thread.js.
  define: { TESSERA_COMPILED: 'true' },
  plugins: [externals, sourceUrls],
  logLevel: 'warning',
  legalComments: 'none',
});
console.log(`server/dist built in ${Math.round(performance.now() - started)} ms`);
