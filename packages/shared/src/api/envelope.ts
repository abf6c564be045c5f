// The response envelope of every call: { success: true, data } or { success: false, errors }.
import { z } from 'zod';

export const errorEnvelopeSchema = z.object({ success: z.literal(false), errors: z.array(z.string()) });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Wraps a data schema in the success envelope. */
export const okEnvelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export type Ok<T> = { success: true; data: T };
export type Envelope<T> = Ok<T> | ErrorEnvelope;
