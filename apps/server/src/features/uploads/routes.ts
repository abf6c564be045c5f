// POST stamp/uploaded_objects/create?file_type=image|video: one multipart
// file (field `file`), streamed to a temporary file under a hard byte limit, inspected on the server
// (never the client's name or type): its header first (kind and pixel size, before any decoder runs),
// then ffprobe under the media-process limits; then moved into the media store. Broken rules answer
// 422 with the catalogue message. A user has at most UPLOADS_PER_USER uploads in flight (429 past it),
// counted across every server process of the deployment.
// Role stamp_manager (admin passes); videos need create_new_video_page.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '@hc/shared/api/envelope';
import { uploadedObjectSchema, uploadQuerySchema } from '@hc/shared/api/stories';
import { VIDEO_UPLOAD } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { IMAGE_MAX_PIXELS, UPLOADS_PER_USER, VIDEO_MAX_CODED_SIDE } from '@hc/shared/resource-limits';
import { validateVideoUpload, videoDimensionsError } from '@hc/shared/validation';
import type { AppContext } from '../../context.ts';
import { PerKeyLimit } from '@hc/media/process-limits';
import { SharedLeaseLimit } from '../../infra/shared-leases.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import { forbidden, HttpError } from '../../plugins/errors.ts';
import {
  displayedSize,
  readImageHeader,
  readMp4Header,
  sniffKind,
  type HeaderKind,
} from '../media/header-dimensions.ts';
import type { MediaStore } from '../media/store.ts';
import { isMp4Video, probe, type ImageKind } from './inspect.ts';
import { keepUpload, type InspectedFile } from './keep.ts';

interface Options {
  ctx: AppContext;
  media: MediaStore;
}

/** Images share the video limit (10 MB). */
export const IMAGE_UPLOAD_MAX_BYTES = VIDEO_UPLOAD.maxBytes;

/** Answers for image rules the spec does not word. */
export const uploadErrors = {
  imageTooBig: 'Image file size is too big. Max file size is 10 MB.',
  imageFormat: 'Image format is not supported. Valid image formats: JPEG, JPG, GIF, PNG',
};

const unprocessable = (message: string) => new HttpError(422, [message]);

/**
 * Uploads in flight per user id, across the deployment's server processes (leases in Redis): an upload
 * holds its place from the start of its body to its answer (a slow or stalled body included), so one
 * user cannot fill the disks and the media-process queues with parallel uploads, whichever replicas
 * their requests reach.
 */
export const uploadsInFlightOf = (redis: Redis) =>
  new SharedLeaseLimit(redis, 'uploads:in-flight:user', UPLOADS_PER_USER);

/**
 * The same count in this process alone. Kept as well: should Redis not answer, the per-process bound
 * still holds and uploads go on (they need no other Redis).
 */
export const uploadsInFlightHere = new PerKeyLimit(UPLOADS_PER_USER);

/** How long an upload waits on Redis for its lease before it goes on with the per-process bound only. */
const SHARED_LEASE_WAIT_MS = 2_000;

/** Takes a place for the user's upload in both counts: a release function, or null when one is full. */
async function takeUploadPlace(
  shared: SharedLeaseLimit,
  key: string,
  log: FastifyRequest['log'],
): Promise<(() => Promise<void>) | null> {
  const local = uploadsInFlightHere.tryAcquire(key);
  if (!local) return null;
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), SHARED_LEASE_WAIT_MS);
  });
  const taking = shared.tryAcquire(key);
  try {
    const lease = await Promise.race([taking, waited]);
    if (lease === null) {
      local();
      return null;
    }
    if (lease === 'late') {
      // Taken after all, later: given back then (or it lapses unrenewed should Redis stay away).
      taking.then(
        (late) => late?.(),
        () => undefined,
      );
      log.warn('upload lease: Redis did not answer in time; per-process bound only');
      return async () => local();
    }
    return async () => {
      local();
      await lease();
    };
  } catch (error) {
    log.warn({ err: error }, 'upload lease: Redis failed; per-process bound only');
    return async () => local();
  } finally {
    clearTimeout(timer);
  }
}

const IMAGE_MIME: Record<ImageKind, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  gif: { mime: 'image/gif', ext: 'gif' },
};

/** The kind a declared Content-Type names; generic types (application/octet-stream) name none. */
const DECLARED_KIND: Record<string, HeaderKind> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mp4',
  'video/x-m4v': 'mp4',
};

/**
 * 422 when the part's declared type names a media kind and the file's first bytes name another: a
 * file sent as one thing and holding another is refused rather than guessed at.
 */
function assertDeclaredKind(declared: string, actual: HeaderKind | null) {
  const claimed = DECLARED_KIND[declared.split(';')[0]!.trim().toLowerCase()];
  if (claimed && actual && claimed !== actual) throw unprocessable(messages.uploadTypeMismatch);
}

/**
 * The MP4 header against the page rules and the decoder cap, before ffprobe reads any frame: every
 * video track's coded frame within VIDEO_MAX_CODED_SIDE, the first one's displayed size within the
 * spec's limits.
 */
async function checkVideoHeader(file: string) {
  const header = await readMp4Header(file);
  const first = header?.videoTracks[0];
  if (!header || !first) throw unprocessable(messages.videoNotMp4);
  const sides = header.videoTracks.flatMap((t) => [t.codedWidth, t.codedHeight, t.trackWidth, t.trackHeight]);
  if (Math.max(...sides) > VIDEO_MAX_CODED_SIDE) throw unprocessable(messages.videoResolutionTooHigh);
  const { width, height } = displayedSize(first);
  const error = videoDimensionsError(width, height);
  if (error) throw unprocessable(error);
}

/**
 * The image header: an image of a kind we read (else the format answer), within IMAGE_MAX_PIXELS, of
 * an accepted kind (WebP is read, so its pixels are checked too, but not accepted).
 */
async function checkImageHeader(file: string): Promise<ImageKind> {
  const header = await readImageHeader(file);
  if (!header?.size) throw unprocessable(uploadErrors.imageFormat);
  if (header.size.width * header.size.height > IMAGE_MAX_PIXELS)
    throw unprocessable(messages.imageTooManyPixels);
  if (header.kind === 'webp') throw unprocessable(uploadErrors.imageFormat);
  return header.kind;
}

/** @fastify/multipart's error when a file passes its fileSize limit. */
const isFileTooLarge = (error: unknown) =>
  (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Streams the request's one file to `target`, never holding it in memory. Returns null when there
 * is no file, else the type the part declared; throws `tooBig` past the limit (the rest is discarded).
 */
async function receive(
  request: FastifyRequest,
  target: string,
  maxBytes: number,
  tooBig: string,
): Promise<{ declaredType: string } | null> {
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } });
  } catch (error) {
    if (isFileTooLarge(error)) throw unprocessable(tooBig);
    throw error;
  }
  // The contract's field is `file`; any other part is no file (and is drained, not stored).
  if (!part) return null;
  if (part.fieldname !== 'file') {
    part.file.resume();
    return null;
  }
  try {
    await pipeline(part.file, createWriteStream(target));
  } catch (error) {
    if (isFileTooLarge(error)) throw unprocessable(tooBig);
    throw error;
  }
  if (part.file.truncated) throw unprocessable(tooBig);
  return { declaredType: part.mimetype };
}

export async function uploadRoutes(app: FastifyInstance, { ctx, media }: Options) {
  app.addHook('onRequest', requireRoles('stamp_manager'));
  // Only this scope parses multipart; a part over the limit stops the stream, it is not buffered.
  await app.register(fastifyMultipart, {
    limits: { fileSize: VIDEO_UPLOAD.maxBytes, files: 1, fields: 5, parts: 6 },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const inFlight = uploadsInFlightOf(ctx.redis);

  api.post(
    '/stamp/uploaded_objects/create',
    { schema: { querystring: uploadQuerySchema, response: { 201: okEnvelope(uploadedObjectSchema) } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const kind = request.query.file_type;
      if (kind === 'video' && !caller.isAdmin && !caller.roles.includes('create_new_video_page'))
        throw forbidden();
      if (!request.isMultipart())
        throw unprocessable(kind === 'video' ? messages.videoFileRequired : messages.imageFileRequired);
      const release = await takeUploadPlace(inFlight, String(caller.userId), request.log);
      if (!release) {
        void reply.header('retry-after', '5');
        throw new HttpError(429, [messages.uploadsInFlight]);
      }

      let dir: string | undefined;
      try {
        dir = await mkdtemp(path.join(tmpdir(), 'hc-upload-'));
        const incoming = path.join(dir, 'file');
        const maxBytes = kind === 'video' ? VIDEO_UPLOAD.maxBytes : IMAGE_UPLOAD_MAX_BYTES;
        const tooBig = kind === 'video' ? messages.videoTooBig : uploadErrors.imageTooBig;
        const received = await receive(request, incoming, maxBytes, tooBig);
        const bytes = received ? (await stat(incoming)).size : 0;
        if (!received || bytes === 0)
          throw unprocessable(kind === 'video' ? messages.videoFileRequired : messages.imageFileRequired);
        const sniffed = await sniffKind(incoming);

        let stored: InspectedFile;
        if (kind === 'video') {
          assertDeclaredKind(received.declaredType, sniffed);
          await checkVideoHeader(incoming);
          const info = await probe(incoming, 'mp4');
          if (!info || !isMp4Video(info)) throw unprocessable(messages.videoNotMp4);
          const error = validateVideoUpload({
            sizeBytes: bytes,
            container: info.formatName,
            width: info.width,
            height: info.height,
            durationSeconds: info.durationSeconds,
          });
          if (error) throw unprocessable(error);
          stored = { ext: 'mp4', mime: 'video/mp4', ...info };
        } else {
          // A file that is no image at all gets the format answer, whatever it was sent as.
          if (sniffed === null || sniffed === 'mp4') throw unprocessable(uploadErrors.imageFormat);
          assertDeclaredKind(received.declaredType, sniffed);
          const imageKind = await checkImageHeader(incoming);
          const info = await probe(incoming, imageKind);
          if (!info || info.width <= 0 || info.height <= 0) throw unprocessable(uploadErrors.imageFormat);
          stored = {
            ...IMAGE_MIME[imageKind],
            width: info.width,
            height: info.height,
            durationSeconds: null,
          };
        }

        const row = await keepUpload(ctx, caller, { file: incoming, kind, bytes, ...stored });
        return reply
          .status(201)
          .send({ success: true as const, data: { id: row.id, file: media.url(row.path) } });
      } finally {
        if (dir) await rm(dir, { recursive: true, force: true });
        await release();
      }
    },
  );
}
