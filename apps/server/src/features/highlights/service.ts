// The highlights' changes and downloads: the enable switches with their audit row, and a highlight's
// file opened for download once the download is recorded.
import type { ArticleStatusBody, AuditDownloadQuery } from '@hc/shared/api/highlights';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { writeAudit } from '../audit/writer.ts';
import type { MediaStore } from '../media/store.ts';
import { HighlightRepository } from './repo.ts';

export class HighlightService {
  private readonly repo: HighlightRepository;

  constructor(
    private readonly ctx: AppContext,
    private readonly media: MediaStore,
  ) {
    this.repo = new HighlightRepository(ctx.db);
  }

  /** The front page and article switches of an article; 404 when the publisher has no such article. */
  async setArticleStatus(
    caller: AuthContext,
    articleId: number,
    { apv_mode: mode, status }: ArticleStatusBody,
  ) {
    // The switch and its audit row commit together; an article not found writes neither.
    const updated = await this.ctx.db.transaction(async (tx) => {
      const row = await new HighlightRepository(tx).setArticleStatus(
        caller.publisherId,
        articleId,
        mode,
        status,
      );
      if (row)
        await writeAudit(tx, {
          publisherId: caller.publisherId,
          userId: caller.userId,
          actionName: 'article_status',
          objectId: String(articleId),
          objectType: 'article',
          payload: { apv_mode: mode, status },
        });
      return row;
    });
    if (!updated) throw notFound();
    return {
      article_id: articleId,
      article_active: updated.articleActive,
      ia_article_active: updated.iaArticleActive,
    };
  }

  /**
   * A highlight's MP4 or GIF opened for download, the download recorded first; 404 when the highlight is
   * not the publisher's, not of that article, or has no such file.
   */
  async openDownload(caller: AuthContext, request: AuditDownloadQuery) {
    const { filename, article_id, highlight_id, format } = request;
    const row = await this.repo.findOne(caller.publisherId, highlight_id);
    if (!row || row.articleId !== article_id) throw notFound();
    const file = format === 'gif' ? row.gifPath : row.videoPath;
    const opened = file ? await this.media.open(file) : null;
    if (!opened) throw notFound();
    await writeAudit(this.ctx.db, {
      publisherId: caller.publisherId,
      userId: caller.userId,
      actionName: 'download',
      objectId: String(highlight_id),
      objectType: 'highlight',
      payload: { article_id, format, filename },
    });
    return opened;
  }
}
