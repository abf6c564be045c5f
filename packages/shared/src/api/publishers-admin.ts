// Publishers admin (the spec's screen, its "New publisher" and "Splash image" rules, calls and messages):
// create a publisher, switch its APV / Editor product flags, upload and list splash images. Admin only.
import { z } from 'zod';
import { messages } from '../messages.ts';
import { publisherWithConfigSchema } from './publishers.ts';

/** The Create dialog's form as typed; every field a string. */
export interface NewPublisherForm {
  pub_name: string;
  pub_id: string;
  home_url: string;
}

const MAX_PUBLISHER_ID = 2_147_483_647;

/**
 * The first broken rule of the Create dialog, in the spec's order: all fields required, the id numeric.
 * (The "already exists" rule needs the database and is the server's.) Null when the form is valid.
 */
export function newPublisherError(form: Partial<Record<keyof NewPublisherForm, unknown>>): string | null {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
  const name = text(form.pub_name);
  const id = text(form.pub_id);
  const url = text(form.home_url);
  if (!name || !id || !url) return messages.eachFieldRequired;
  if (!/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > MAX_PUBLISHER_ID)
    return messages.publisherIdInvalid;
  if (!isHomeUrl(url)) return publisherAdminErrors.homeUrlInvalid;
  if (name.length > 200) return publisherAdminErrors.nameTooLong;
  return null;
}

/** An absolute http(s) URL, as a publisher's home page must be. */
export function isHomeUrl(value: string): boolean {
  if (value.length > 2000) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Answers for rules the spec does not word (docs/decisions.md). */
export const publisherAdminErrors = {
  homeUrlInvalid: 'Home URL must be a full http(s) address.',
  nameTooLong: 'Publisher name must be at most 200 characters.',
  splashFormat: 'Splash image must be a PNG, JPEG or GIF image.',
  splashTooBig: 'Splash image is too big. Max file size is 2 MB.',
  splashDimensions: 'Splash image must be at most 4000 x 4000 pixels.',
} as const;

/** Splash limits: decoded bytes and pixel size. */
export const SPLASH_MAX_BYTES = 2 * 1024 * 1024;
export const SPLASH_MAX_SIDE = 4000;

/** POST publishers/new: strings as typed (a number id is accepted too); the rules are newPublisherError's. */
export const newPublisherBodySchema = z.object({
  pub_name: z.unknown().optional(),
  pub_id: z.unknown().optional(),
  home_url: z.unknown().optional(),
});

export const publisherAdminRowSchema = publisherWithConfigSchema;
export type PublisherAdminRow = z.infer<typeof publisherAdminRowSchema>;

export const PUBLISHER_PRODUCTS = ['apv', 'editor'] as const;
export type PublisherProductKey = (typeof PUBLISHER_PRODUCTS)[number];

/** POST publisher_product_status: switches one product flag of one publisher. */
export const productStatusBodySchema = z.object({
  publisher_id: z.coerce.number().int().positive().max(MAX_PUBLISHER_ID),
  product: z.enum(PUBLISHER_PRODUCTS),
  status: z.boolean(),
});
export type ProductStatusBody = z.infer<typeof productStatusBodySchema>;

/** POST publishers_upload_splash/: the image as base64, bare or as a data: URL. */
export const splashUploadBodySchema = z.object({
  publisher_id: z.coerce.number().int().positive().max(MAX_PUBLISHER_ID),
  splash_base64: z.string().max(Math.ceil((SPLASH_MAX_BYTES * 4) / 3) + 200),
});
export type SplashUploadBody = z.infer<typeof splashUploadBodySchema>;

export const splashImageSchema = z.object({
  id: z.number(),
  publisher_id: z.number(),
  url: z.string(),
  created_at: z.number(),
});
export type SplashImage = z.infer<typeof splashImageSchema>;
