// An inspected upload moved into the media store and recorded with its audit row: no row without its
// file, and no file left behind when its row is not written.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { writeAudit } from '../audit/writer.ts';
import { StoryRepository } from '../stories/repo.ts';

/** What inspection found out about the file (never what the client said). */
export interface InspectedFile {
  ext: string;
  mime: string;
  width: number;
  height: number;
  durationSeconds: number | null;
}

export async function keepUpload(
  ctx: AppContext,
  caller: Pick<AuthContext, 'publisherId' | 'userId'>,
  upload: InspectedFile & { file: string; kind: 'image' | 'video'; bytes: number },
) {
  const { file, kind, bytes, ext, mime, width, height, durationSeconds } = upload;
  const relative = `uploads/${caller.publisherId}/${randomUUID()}.${ext}`;
  const target = path.join(ctx.config.mediaDir, relative);
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(file, target);
  return ctx.db
    .transaction(async (tx) => {
      const object = await new StoryRepository(tx).insertUploadedObject({
        publisherId: caller.publisherId,
        userId: caller.userId,
        kind,
        path: relative,
        mime,
        bytes,
        width,
        height,
        durationSeconds,
      });
      await writeAudit(tx, {
        publisherId: caller.publisherId,
        userId: caller.userId,
        actionName: 'create',
        objectType: 'uploaded_object',
        objectId: String(object.id),
        payload: { kind, bytes, mime, width, height },
      });
      return object;
    })
    .catch(async (error: unknown) => {
      await rm(target, { force: true }); // no file without its row
      throw error;
    });
}
