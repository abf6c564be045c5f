// A splash image sent as base64 is decoded and inspected on the server: the real type by its magic
// bytes and the pixel size by ffprobe, whatever name or data: prefix the browser gave it.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@hc/shared/messages';
import { publisherAdminErrors, SPLASH_MAX_BYTES, SPLASH_MAX_SIDE } from '@hc/shared/api/publishers-admin';
import { HttpError } from '../../plugins/errors.ts';
import { imageKindOf, probe, type ImageKind } from '../uploads/inspect.ts';

const EXTENSION: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', gif: 'gif' };
const DATA_URL = /^data:[\w.+/-]*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const unprocessable = (message: string) => new HttpError(422, [message]);

/** The bytes of a base64 text (bare or a data: URL); a 422 when it is empty or not base64 at all. */
export function decodeSplash(text: string): Buffer {
  const bare = text.trim().replace(DATA_URL, '').replace(/\s+/g, '');
  if (bare.length === 0) throw unprocessable(messages.splashRequired);
  if (!BASE64.test(bare)) throw unprocessable(publisherAdminErrors.splashFormat);
  const bytes = Buffer.from(bare, 'base64');
  if (bytes.length === 0) throw unprocessable(messages.splashRequired);
  if (bytes.length > SPLASH_MAX_BYTES) throw unprocessable(publisherAdminErrors.splashTooBig);
  return bytes;
}

/**
 * Checks the image and stores it under splash/{publisher}/ with 128 random bits in its name (the media
 * store is public). Returns the media-store path.
 */
export async function storeSplash(mediaDir: string, publisherId: number, bytes: Buffer): Promise<string> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'hc-splash-'));
  try {
    const incoming = path.join(scratch, 'incoming');
    await writeFile(incoming, bytes);
    const kind = await imageKindOf(incoming);
    const info = kind ? await probe(incoming, kind) : null;
    if (!kind || !info || info.width <= 0 || info.height <= 0)
      throw unprocessable(publisherAdminErrors.splashFormat);
    if (info.width > SPLASH_MAX_SIDE || info.height > SPLASH_MAX_SIDE)
      throw unprocessable(publisherAdminErrors.splashDimensions);
    const relative = `splash/${publisherId}/${randomBytes(16).toString('hex')}.${EXTENSION[kind]}`;
    const target = path.join(mediaDir, relative);
    await mkdir(path.dirname(target), { recursive: true });
    // Same filesystem is not guaranteed between tmp and the media store: copy, then rename in place.
    const partial = `${target}.part`;
    await writeFile(partial, bytes);
    await rename(partial, target);
    return relative;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
