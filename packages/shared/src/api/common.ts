// Small schemas reused by many calls.
import { z } from 'zod';

/** A positive integer id in a path or query ('12' or 12). Huge or negative values are refused. */
export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const idParamsSchema = z.object({ id: idSchema });

/** Bounded free text: a search box never sends a novel. */
export const searchTextSchema = z.string().trim().max(200);

/** yyyymmdd as sent by the date filter. */
export const yyyymmddSchema = z.string().regex(/^\d{8}$/, 'from_date must be yyyymmdd');

export const pageSchema = z.coerce.number().int().min(0).max(1_000_000).default(1);
export const perSchema = z.coerce.number().int().min(0).max(100).default(10);
