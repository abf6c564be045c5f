// The publishers admin's work: a publisher created, a product flag switched, a splash image checked,
// stored and recorded (no file left behind when its row is not written), and the splash images listed.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ProductStatusBody } from '@hc/shared/api/publishers-admin';
import { newPublisherError } from '@hc/shared/api/publishers-admin';
import { messages } from '@hc/shared/messages';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { PublisherRepository } from '../publishers/repo.ts';
import { PublisherAdminRepository } from './repo.ts';
import { decodeSplash, storeSplash } from './splash.ts';

export class PublishersAdminService {
  private readonly publishers: PublisherRepository;
  private readonly repo: PublisherAdminRepository;

  constructor(private readonly ctx: AppContext) {
    this.publishers = new PublisherRepository(ctx.db);
    this.repo = new PublisherAdminRepository(ctx.db);
  }

  /** The publisher's row as the publishers list shows it; 404 when there is none. */
  async row(id: number) {
    const [row] = await this.publishers.infos([id]);
    if (!row) throw notFound();
    return row;
  }

  /** A new publisher from the form's fields as typed (checked with the form's own rules). */
  async create(body: { pub_name?: unknown; pub_id?: unknown; home_url?: unknown }, userId: number) {
    const error = newPublisherError(body);
    if (error) throw badRequest(error);
    const id = Number(String(body.pub_id).trim());
    const name = String(body.pub_name).trim();
    const homeUrl = String(body.home_url).trim();
    if (!(await this.repo.create({ id, name, homeUrl }, userId))) throw conflict(messages.publisherExists);
    return this.row(id);
  }

  async setProductStatus(body: ProductStatusBody, userId: number) {
    const { publisher_id: id, product, status } = body;
    if (!(await this.repo.setProductStatus(id, product, status, userId))) throw notFound();
    return this.row(id);
  }

  /** A splash image sent as base64: inspected, stored on the media store, and recorded. */
  async uploadSplash(publisherId: number, base64: string, userId: number) {
    const bytes = decodeSplash(base64);
    await this.row(publisherId);
    const stored = await storeSplash(this.ctx.config.mediaDir, publisherId, bytes);
    try {
      return await this.repo.addSplash(publisherId, stored, bytes.length, userId);
    } catch (error) {
      // No row, no file: a failed insert leaves nothing behind on the store.
      await rm(path.join(this.ctx.config.mediaDir, stored), { force: true });
      throw error;
    }
  }

  async splashImages(publisherId: number) {
    await this.row(publisherId);
    return this.repo.splashImages(publisherId);
  }
}
