// The messages a request's fields answer when refused (the `errors` of a 422), read from the zod
// schemas themselves: the message of the type check and of every rule, by the field's path.
import type { z } from 'zod';

type Def = {
  type: string;
  error?: (issue?: unknown) => unknown;
  checks?: { _zod: { def: { error?: (issue?: unknown) => unknown; path?: PropertyKey[] } } }[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
};

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** A message given as text (`{ error: '...' }`): zod keeps it as a function answering it. */
function messageOf(error: Def['error']): string | undefined {
  if (!error) return undefined;
  try {
    const message = error();
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

const join = (path: string, key: PropertyKey) => (path ? `${path}.${String(key)}` : String(key));

/** Field path (`links[].title`, `custom_theme.text_color`) → its messages, in the order the rules run. */
export function fieldMessages(schema: z.ZodType): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (path: string, message: string | undefined) => {
    if (!message) return;
    const list = found.get(path) ?? [];
    if (!list.includes(message)) list.push(message);
    found.set(path, list);
  };
  // `above`: the schemas on the way here, so a schema that contains itself is read once.
  const visit = (node: z.ZodType, path: string, above: ReadonlySet<z.ZodType>) => {
    if (above.has(node)) return;
    const seen = new Set(above).add(node);
    const def = node._zod.def as unknown as Def;
    add(path, messageOf(def.error));
    for (const check of def.checks ?? []) {
      const rule = check._zod.def;
      add((rule.path ?? []).reduce<string>(join, path), messageOf(rule.error));
    }
    if (WRAPPERS.has(def.type) && def.innerType) visit(def.innerType, path, seen);
    if (def.type === 'pipe') [def.in, def.out].forEach((part) => part && visit(part, path, seen));
    if (def.type === 'union') def.options?.forEach((option) => visit(option, path, seen));
    if (def.type === 'array' && def.element) visit(def.element, `${path}[]`, seen);
    if (def.type === 'object') {
      for (const [key, field] of Object.entries(def.shape ?? {})) visit(field, join(path, key), seen);
    }
  };
  visit(schema, '', new Set());
  return found;
}
