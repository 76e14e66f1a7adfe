/**
 * Prints the model catalogue as a Markdown table: kind → models with vendor, provider, price,
 * limits and the documentation their schema was read from (docs/models.md is made from it).
 * `npx tsx scripts/models-table.ts`
 */
import { GENERATION_KINDS } from '../shared/src/generation/generation.ts';
import { MODEL_CATALOG, type ModelEntry, STEP_KINDS } from '../shared/src/generation/models.ts';

const price = (m: ModelEntry) => {
  if (!m.price) return 'as the kind';
  const per = m.price.per === 'second' ? '/s' : '/run';
  const factors = Object.entries(m.price.resolution ?? {}).map(([r, f]) => `×${f} at ${r}`);
  return [`${m.price.credits}${per}`, ...factors].join(', ');
};
const limits = (m: ModelEntry) =>
  Object.entries(m.limits)
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join('/') : v}`)
    .join('; ') || '—';

const lines = ['| kind | model | vendor | provider | credits | limits | schema source |', '|---|---|---|---|---|---|---|'];
for (const kind of [...Object.keys(GENERATION_KINDS), ...STEP_KINDS]) {
  for (const m of MODEL_CATALOG.filter((e) => e.provider !== 'local' && e.kinds.includes(kind))) {
    lines.push(`| ${kind} | ${m.name} (\`${m.id}\`) | ${m.vendor} | ${m.provider} | ${price(m)} | ${limits(m)} | ${m.source} |`);
  }
}
console.log(lines.join('\n'));
