// zod schemas to the document's JSON Schemas (draft 2020-12, what OpenAPI 3.1 uses). Every object
// schema exported by shared/schemas/*.ts becomes a named component (`userSchema` is `User`,
// `linkBody` is `LinkBody`), referenced wherever it appears; anything else is written inline.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';

export type JsonSchema = { [key: string]: unknown };

const SCHEMAS_DIR = new URL('../../shared/schemas/', import.meta.url);
const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

const isZod = (value: unknown): value is z.ZodType => typeof value === 'object' && value !== null && '_zod' in value;

/** `userSchema` → `User`, `linkBody` → `LinkBody`. */
const componentName = (exportName: string) => {
  const bare = exportName.endsWith('Schema') ? exportName.slice(0, -'Schema'.length) : exportName;
  return bare.charAt(0).toUpperCase() + bare.slice(1);
};

/** The registry of names: every exported object schema of shared/schemas, files and exports in order. */
export async function namedSchemas() {
  const registry = z.registry<{ id: string }>();
  const owners = new Map<string, string>();
  const files = readdirSync(fileURLToPath(SCHEMAS_DIR))
    .filter((file) => file.endsWith('.ts'))
    .sort();
  for (const file of files) {
    const module = (await import(pathToFileURL(fileURLToPath(new URL(file, SCHEMAS_DIR))).href)) as Record<
      string,
      unknown
    >;
    for (const [exportName, value] of Object.entries(module).sort(([a], [b]) => a.localeCompare(b))) {
      if (!isZod(value) || value._zod.def.type !== 'object' || registry.has(value)) continue;
      const id = componentName(exportName);
      const owner = owners.get(id);
      if (owner) throw new Error(`Two schemas would be named ${id}: ${owner} and ${file} ${exportName}`);
      owners.set(id, `${file} ${exportName}`);
      registry.add(value, { id });
    }
  }
  return registry;
}

/** Visits every object and array in a JSON value, depth first. */
function walk(value: unknown, visit: (node: JsonSchema) => void) {
  if (Array.isArray(value)) value.forEach((item) => walk(item, visit));
  else if (typeof value === 'object' && value !== null) {
    visit(value as JsonSchema);
    Object.values(value).forEach((item) => walk(item, visit));
  }
}

/**
 * Converts schemas into one set of components. Requests are read as their input (what a client
 * may send: defaults optional, numbers as text accepted), answers as their output.
 */
export class Components {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly registry: z.core.$ZodRegistry<{ id: string }>;

  constructor(registry: z.core.$ZodRegistry<{ id: string }>) {
    this.registry = registry;
  }

  /** The JSON Schema of `schema`: a `$ref` when it is named, and its named parts as components. */
  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, {
      metadata: this.registry,
      io,
      target: 'draft-2020-12',
      // A refinement or a transform has no JSON Schema; the reference says what it checks.
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        // An address is trimmed and lowercased, then checked: read as input, only the first half shows.
        const def = zodSchema._zod.def as { type: string; out?: z.ZodType };
        if (io === 'input' && def.type === 'pipe' && (def.out?._zod.def as { format?: string })?.format === 'email') {
          jsonSchema.format = 'email';
        }
        // `.int()` writes the safe-integer bounds: true of every JSON number here, and noise.
        if (jsonSchema.minimum === -SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === SAFE_INTEGER) delete jsonSchema.maximum;
      },
    }) as JsonSchema;
    const { $schema: _dialect, $defs, ...root } = json;
    walk(root, rewriteRef);
    for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      walk(definition, rewriteRef);
      const known = this.schemas[id];
      if (known && JSON.stringify(known) !== JSON.stringify(definition)) {
        throw new Error(`${id} reads differently as a request and as an answer: give one of them its own schema`);
      }
      this.schemas[id] = definition;
    }
    return root;
  }
}

function rewriteRef(node: JsonSchema) {
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/$defs/')) {
    node.$ref = `#/components/schemas/${node.$ref.slice('#/$defs/'.length)}`;
  }
}

/** The component a `$ref` names, or the schema itself. */
export const resolve = (schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema => {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const found = components[ref.replace('#/components/schemas/', '')];
  if (!found) throw new Error(`Unknown reference ${ref}`);
  return resolve(found, components);
};
