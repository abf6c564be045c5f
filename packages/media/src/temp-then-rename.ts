// How a job writes a file others read (renders, archives): under a temp name in the same folder, renamed
// to its final name only when complete, so a process killed mid-write never leaves a broken file under a
// name a reader trusts. A job's files are named after the job: `<owner>-<random>.<ext>` when finished
// (the random part keeps names on the public media store from being guessed), `.<owner>.<random>.part`
// while written. A retry finds the finished file of an attempt that died before saying so, and removes
// the temp files of attempts that died mid-write.
import { randomBytes } from 'node:crypto';
import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** A temp file some job is writing or left behind (housekeeping removes old ones). */
export const isTempName = (name: string) => name.startsWith('.') && name.endsWith('.part');

/**
 * The name of `owner`'s finished file in `dir` (with extension `ext`, e.g. '.mp4'), if an earlier attempt
 * made it; otherwise null, after removing the temp files earlier attempts of `owner` left.
 */
export async function finishedFileOf(dir: string, owner: string, ext: string): Promise<string | null> {
  const names = await readdir(dir);
  const done = names.find((name) => name.startsWith(`${owner}-`) && name.endsWith(ext));
  if (done) return done;
  for (const name of names) {
    if (name.startsWith(`.${owner}.`) && isTempName(name)) await rm(path.join(dir, name), { force: true });
  }
  return null;
}

/** A new final name for `owner`: `<owner>-<randomBytes as hex><ext>`. */
export const finalNameFor = (owner: string, ext: string, random = 12) =>
  `${owner}-${randomBytes(random).toString('hex')}${ext}`;

/** A new temp path for `owner` in `dir`. */
export const tempPathFor = (dir: string, owner: string) =>
  path.join(dir, `.${owner}.${randomBytes(6).toString('hex')}.part`);

/**
 * `write` makes `tempFile`; once it resolves the file is renamed to `finalFile` (same folder, so the
 * rename is atomic); if it throws, the temp file is removed and the error passes on.
 */
export async function writeThenRename(
  tempFile: string,
  finalFile: string,
  write: (tempFile: string) => Promise<void>,
): Promise<void> {
  try {
    await write(tempFile);
    await rename(tempFile, finalFile);
  } catch (error) {
    await rm(tempFile, { force: true });
    throw error;
  }
}
