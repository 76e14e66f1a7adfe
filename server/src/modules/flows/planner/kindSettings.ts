/**
 * A kind's settings as planners see them, derived from the catalogue's zod schemas (never
 * written per kind): the input's JSON Schema (zod's `toJSONSchema`, input side) minus the ports a
 * wire fills and the fields the server fills.
 */
import { inputPortsOf } from '@tessera/shared/flows';
import { GENERATION_KINDS, type GenerationKind } from '@tessera/shared/generation';
import { z } from 'zod';
import { NOT_SETTINGS } from './planner.ts';

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

const cache = new Map<GenerationKind, { properties: Record<string, JsonSchema>; required: string[] }>();

function inputSchema(kind: GenerationKind): { properties: Record<string, JsonSchema>; required: string[] } {
  let schema = cache.get(kind);
  if (!schema) {
    const json = z.toJSONSchema(GENERATION_KINDS[kind].input, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
    schema = { properties: json.properties ?? {}, required: json.required ?? [] };
    cache.set(kind, schema);
  }
  return schema;
}

/** The setting names of a kind (text ports included: an unwired prompt is a setting). */
export function settingNames(kind: GenerationKind): string[] {
  const ports = new Set(inputPortsOf(kind).filter((p) => p.type !== 'text').map((p) => p.name));
  // A list only ports fill (`subjects.0` … `subjects.3`) is not a setting either.
  for (const port of ports) if (/\.\d+$/.test(port)) ports.add(port.replace(/\.\d+$/, ''));
  return Object.keys(inputSchema(kind).properties).filter((name) => !NOT_SETTINGS.has(name) && !ports.has(name));
}

/** The values a setting allows when it is a choice (an enum, or a union of constants), else null. */
export function allowedValues(kind: GenerationKind, name: string): unknown[] | null {
  const prop = inputSchema(kind).properties[name];
  if (!prop) return null;
  if (prop.enum) return prop.enum;
  const options = prop.anyOf ?? prop.oneOf;
  if (options?.every((o) => 'const' in o)) return options.map((o) => o.const);
  return null;
}

function describe(prop: JsonSchema): string {
  const values = prop.enum ?? ((prop.anyOf ?? prop.oneOf)?.every((o) => 'const' in o) ? (prop.anyOf ?? prop.oneOf)!.map((o) => o.const) : null);
  let text: string;
  if (values) text = `one of ${values.map((v) => JSON.stringify(v)).join('|')}`;
  else if (prop.oneOf || prop.anyOf) text = 'object, one of: ' + (prop.oneOf ?? prop.anyOf)!.map((o) => JSON.stringify(o.properties ? Object.fromEntries(Object.entries(o.properties).map(([k, v]) => [k, v.const ?? v.type])) : o.type)).join(' | ');
  else if (prop.type === 'number' || prop.type === 'integer') text = `${prop.type}${prop.minimum !== undefined ? ` ${prop.minimum}..${prop.maximum ?? ''}` : ''}`;
  else text = prop.type ?? 'any';
  return prop.default !== undefined ? `${text} (default ${JSON.stringify(prop.default)})` : text;
}

/** One line per offered kind: its output, ports and settings — what the LLM planner is told. */
export function describeKind(kind: GenerationKind, templates: readonly { id: string; name: string }[] = []): string {
  const { properties, required } = inputSchema(kind);
  const ports = inputPortsOf(kind).map((p) => `${p.name}:${p.type}${required.includes(p.name) ? '' : '?'}`);
  const text = new Set(inputPortsOf(kind).filter((p) => p.type === 'text').map((p) => p.name));
  const settings = settingNames(kind)
    .filter((name) => !text.has(name))
    .map((name) => `${name}${required.includes(name) ? '' : '?'}: ${describe(properties[name]!)}`);
  const templateIds = templates.length > 0 ? `; templateId one of ${templates.map((t) => `"${t.id}" (${t.name})`).join(', ')}` : '';
  return `- ${kind} → ${GENERATION_KINDS[kind].output}; ports [${ports.join(', ')}]; settings {${settings.join('; ')}}${templateIds}`;
}

