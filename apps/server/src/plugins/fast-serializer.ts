// A route's answer written by fast-json-stringify from its zod response schema, instead of checking the
// answer against the schema with zod and then JSON.stringify (fastify-type-provider-zod's serializer).
// For the list routes whose uncached answers are the most frequent: a 50-row page spent more server CPU in
// the zod check than in writing it. The bytes are the same: the same keys in the schema's order, the same
// numbers and strings, keys the schema does not name left out; a required key that is missing still
// fails the answer. What is not checked again is the type of each value, which the route's TypeScript
// types already fix.
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/** The stringify function of a zod schema's JSON Schema (its output side). */
export function fastStringify(schema: z.ZodType): (data: unknown) => string {
  const { $schema: _draft, ...json } = z.toJSONSchema(schema, { io: 'output' }) as Record<string, unknown>;
  return fastJson(json as unknown as Parameters<typeof fastJson>[0]);
}

/** A route's serializerCompiler: each response schema (a zod schema) compiled by fastStringify. */
export const fastSerializerCompiler = ({ schema }: { schema: unknown }) => fastStringify(schema as z.ZodType);
