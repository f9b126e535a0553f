import { z } from 'zod';
import { configDefaults, configFileSchema } from './config-schema.js';

/**
 * The configuration reference (docs/configuration.md, `svc config reference`), written from the config
 * schema itself — its keys, types, ranges and descriptions — and the defaults svc applies, so the page
 * cannot drift from what `svc serve` accepts (a test compares the committed page with this).
 */

interface JsonSchema {
  type?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
}

interface Row {
  key: string;
  type: string;
  default: string;
  meaning: string;
}

/** Where a key's default lives when its path is not the camelCase of the key (`defaults.intelligence_mode`). */
const defaultPaths: Record<string, string[]> = {
  'defaults.intelligence_mode': ['intelligenceMode'],
  'providers.<id>.timeouts.connect_ms': ['timeouts', 'connectMs'],
  'providers.<id>.timeouts.first_byte_ms': ['timeouts', 'firstByteMs'],
  'providers.<id>.timeouts.idle_ms': ['timeouts', 'idleMs'],
};

const camel = (key: string) => key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

function defaultOf(path: string): string {
  let value: unknown = configDefaults;
  for (const part of defaultPaths[path] ?? path.split('.').map(camel)) {
    if (value === null || typeof value !== 'object' || !(part in value)) return '—';
    value = (value as Record<string, unknown>)[part];
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return 'unset';
  if (typeof value === 'string') return `\`${value}\``;
  if (Array.isArray(value)) return value.length === 0 ? '`[]`' : `\`${JSON.stringify(value)}\``;
  return typeof value === 'object' || value === undefined ? '—' : `\`${String(value)}\``;
}

const largest = Number.MAX_SAFE_INTEGER;

function typeOf(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((value) => `\`${String(value)}\``).join(' \\| ');
  if (schema.type === 'array') return `list of ${schema.items ? typeOf(schema.items) : 'values'}`;
  if (schema.type === 'object') return schema.additionalProperties && typeof schema.additionalProperties === 'object' ? `map of ${typeOf(schema.additionalProperties)}` : 'object';
  if (schema.type === 'integer' || schema.type === 'number') {
    const low = schema.exclusiveMinimum !== undefined ? `> ${schema.exclusiveMinimum}` : schema.minimum !== undefined && schema.minimum > -largest ? `≥ ${schema.minimum}` : undefined;
    const high = schema.exclusiveMaximum !== undefined ? `< ${schema.exclusiveMaximum}` : schema.maximum !== undefined && schema.maximum < largest ? `≤ ${schema.maximum}` : undefined;
    return [schema.type, [low, high].filter(Boolean).join(', ')].filter(Boolean).join(' ');
  }
  if (schema.type === 'string' && schema.format === 'uri') return 'URL';
  return schema.type ?? 'value';
}

function collect(schema: JsonSchema, path: string, rows: Row[]): void {
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const childPath = path ? `${path}.${key}` : key;
    if (child.type === 'object' && child.properties) {
      rows.push({ key: childPath, type: 'object', default: '—', meaning: child.description ?? '' });
      collect(child, childPath, rows);
      continue;
    }
    const entry = typeof child.additionalProperties === 'object' ? child.additionalProperties : undefined;
    if (child.type === 'object' && entry?.properties) {
      // A map whose values are objects (providers): one row for the map, then the value's keys under `<id>`.
      rows.push({ key: childPath, type: 'map of objects', default: '—', meaning: child.description ?? '' });
      collect(entry, `${childPath}.<id>`, rows);
      continue;
    }
    rows.push({ key: childPath, type: typeOf(child), default: defaultOf(childPath), meaning: child.description ?? '' });
  }
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function configReference(): string {
  const schema = z.toJSONSchema(configFileSchema, { io: 'input' }) as JsonSchema;
  const sections: string[] = [];
  for (const [section, child] of Object.entries(schema.properties ?? {})) {
    const rows: Row[] = [];
    collect({ properties: { [section]: child } }, '', rows);
    const [head, ...keys] = rows;
    sections.push(
      [
        `## \`${section}\``,
        '',
        `${head.meaning}.`,
        '',
        '| key | type | default | meaning |',
        '|---|---|---|---|',
        ...keys.map((row) => `| \`${row.key}\` | ${row.type.includes('\\|') ? row.type : cell(row.type)} | ${row.default} | ${cell(row.meaning)} |`),
      ].join('\n'),
    );
  }
  return [
    '# Configuration reference',
    '',
    'The config file `SVC_CONFIG` names (YAML or JSON). Every key is optional; an unknown key or a value out of range',
    'stops the start with the file, the key and what is allowed (`svc config check FILE` says the same without starting).',
    'Environment variables (`PORT`, `HOST`, `SVC_*`, `<PROVIDER>_API_KEY`, `<PROVIDER>_BASE_URL`, see the README and',
    '`CONTRACT.md`) override the file.',
    '',
    'This page is generated from the config schema (`src/config/config-schema.ts`) and the defaults svc applies:',
    '`npm run docs:config` writes it, `svc config reference` prints it, and a test fails when it is out of date.',
    '',
    ...sections.flatMap((section) => [section, '']),
  ]
    .join('\n')
    .replace(/\n+$/, '\n');
}
