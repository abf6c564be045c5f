// POST audit_log/create: what a browser may add to the append-only audit log. Only the entries the
// console itself sends (the frame editor's edit log), each small; the server marks them as the client's.
import { z } from 'zod';
import type { AUDIT_SOURCES } from '../constants.ts';
import {
  CLIENT_AUDIT_ACTIONS,
  CLIENT_AUDIT_OBJECT_TYPES,
  CLIENT_AUDIT_PAYLOAD_MAX_BYTES,
} from '../constants.ts';
import { jsonTooLarge, notOneOf } from '../messages.ts';

/** The UTF-8 size of a value's JSON form, as it is stored. */
export const jsonBytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;

export const auditLogCreateSchema = z.object({
  payload: z
    .record(z.string(), z.unknown())
    .refine(
      (p) => jsonBytes(p) <= CLIENT_AUDIT_PAYLOAD_MAX_BYTES,
      jsonTooLarge(CLIENT_AUDIT_PAYLOAD_MAX_BYTES),
    ),
  action_name: z
    .string()
    .trim()
    .pipe(z.enum(CLIENT_AUDIT_ACTIONS, { error: notOneOf(CLIENT_AUDIT_ACTIONS) })),
  object_id: z.union([z.string().max(100), z.number()]).transform(String),
  object_type: z
    .string()
    .trim()
    .pipe(z.enum(CLIENT_AUDIT_OBJECT_TYPES, { error: notOneOf(CLIENT_AUDIT_OBJECT_TYPES) })),
});
export type AuditLogCreate = z.infer<typeof auditLogCreateSchema>;

export const auditLogCreatedSchema = z.object({ id: z.number() });

export type AuditSource = (typeof AUDIT_SOURCES)[number];
