// Inputs for the route fuzzer: values drawn from a route's own zod schemas (through their JSON Schema),
// and hostile mutations of them: wrong types, huge and empty strings, NUL and control characters,
// unusual Unicode, huge and negative numbers, long arrays, missing and extra fields.
import fc from 'fast-check';
import { z } from 'zod';

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

/** A route schema part (zod, or already JSON Schema) as JSON Schema; null when there is none. */
export function jsonSchemaOf(part: unknown): JsonSchema | null {
  if (!part) return null;
  if (part instanceof z.ZodType) {
    try {
      return z.toJSONSchema(part, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
    } catch {
      return {};
    }
  }
  return typeof part === 'object' ? (part as JsonSchema) : null;
}

/** Strings a careless handler chokes on. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\u001b[31m\u007f',
  '\uFFFD\uFEFF\u200B\u202E',
  '\uD800', // a lone surrogate: not valid UTF-16, becomes invalid UTF-8 on the wire
  '🙂'.repeat(300),
  'x'.repeat(100_000),
  '../../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '%00',
  '1e999',
  'NaN',
  '-0',
  '9'.repeat(40),
  '{"$gt":""}',
  'null',
  'true',
];

/** Numbers past every bound a schema states. */
export const HOSTILE_NUMBERS = [
  0,
  -1,
  -2147483649,
  2147483648,
  2 ** 53,
  2 ** 63,
  1e308,
  -1e308,
  0.5,
  -0.0001,
];

const hostileValue = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE_STRINGS),
  fc.constantFrom<unknown>(...HOSTILE_NUMBERS),
  fc.constantFrom<unknown>(null, true, false, [], {}, [[[[]]]], { a: { b: { c: {} } } }),
  fc.constant(Array.from({ length: 10_000 }, (_, i) => i)),
  fc.constant(Array.from({ length: 2_000 }, () => 'x'.repeat(50))),
  fc.constant({ __proto__: { isAdmin: true }, constructor: { prototype: { isAdmin: true } } }),
);

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

const MAX_ARRAY = 6;

/** Values that satisfy the schema (as far as JSON Schema can say). */
export function validValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alt) => validValue(alt, depth + 1)));
  }
  if (schema.allOf && schema.allOf.length > 0) return validValue(schema.allOf[0]!, depth + 1);
  switch (typeOf(schema)) {
    case 'string': {
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern)).map((s) => s.slice(0, 200));
        } catch {
          // a pattern JavaScript cannot read: plain strings below
        }
      }
      if (schema.format === 'date' || schema.format === 'date-time') {
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
          .map((d) => (schema.format === 'date' ? d.toISOString().slice(0, 10) : d.toISOString()));
      }
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl();
      const minLength = schema.minLength ?? 0;
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 40)) });
    }
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 100_000, 2 ** 31 - 1),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = Math.min(schema.minItems ?? 0, MAX_ARRAY);
      return fc.array(validValue(schema.items ?? {}, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? MAX_ARRAY, MAX_ARRAY)),
      });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) record[key] = validValue(value, depth + 1);
      return fc.record(record, {
        requiredKeys: Object.keys(properties).filter((key) => required.has(key)),
      });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean());
  }
}

/** Replaces one value somewhere inside `value` (a field of an object, an item of an array). */
function replaceSomewhere(value: unknown, pick: number, replacement: unknown): unknown {
  if (Array.isArray(value) && value.length > 0) {
    const index = pick % value.length;
    return value.map((item, i) => (i === index ? replaceSomewhere(item, pick >> 2, replacement) : item));
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return { extra: replacement };
    const key = keys[pick % keys.length]!;
    const nested = (value as Record<string, unknown>)[key];
    const inner =
      nested !== null && typeof nested === 'object' && pick % 3 === 0
        ? replaceSomewhere(nested, pick >> 2, replacement)
        : replacement;
    return { ...value, [key]: inner };
  }
  return replacement;
}

function dropSomething(value: unknown, pick: number): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 0) return value;
  const copy = { ...(value as Record<string, unknown>) };
  delete copy[keys[pick % keys.length]!];
  return copy;
}

/** A valid value, or one hostile mutation of a valid value (about two in three). */
export function fuzzValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const valid = validValue(schema);
  return fc.oneof(
    { weight: 1, arbitrary: valid },
    {
      weight: 3,
      arbitrary: fc
        .tuple(valid, hostileValue, fc.nat(), fc.constantFrom('replace', 'drop', 'extra', 'whole'))
        .map(([base, hostile, pick, how]) => {
          if (how === 'drop') return dropSomething(base, pick);
          if (how === 'whole') return hostile;
          if (how === 'extra' && base !== null && typeof base === 'object' && !Array.isArray(base)) {
            return { ...base, [`extra_${pick % 7}`]: hostile };
          }
          return replaceSomewhere(base, pick, hostile);
        }),
    },
  );
}

/** A query string from an object: arrays as repeated keys, objects as JSON, sometimes a key twice. */
export function queryString(value: unknown, duplicate: boolean): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return `q=${safeEncode(String(value).slice(0, 20_000))}`;
  }
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    const items = Array.isArray(item) ? item.slice(0, 50) : [item];
    for (const one of items) {
      const text = one !== null && typeof one === 'object' ? JSON.stringify(one) : String(one);
      parts.push(`${encodeURIComponent(key)}=${safeEncode(text.slice(0, 20_000))}`);
    }
  }
  if (duplicate && parts.length > 0) parts.push(parts[0]!.replace(/=.*/, '=1'));
  return parts.join('&');
}

/** encodeURIComponent, except that a lone surrogate goes out as the invalid UTF-8 it would become. */
export function safeEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[\uD800-\uDFFF]/g, '%ED%A0%80').replace(/[^%\w.-]/g, (c) => encodeURIComponent(c));
  }
}
