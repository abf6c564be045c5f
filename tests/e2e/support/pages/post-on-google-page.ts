// /post-on-google (and ?hlts=id1,id2): highlights with resources waiting to be posted, each resource
// with its Publish button.
import type { Page, Response } from '@playwright/test';

const LIST_CALL = /\/api\/v1\/editor\/external_resources\?/;
const PUBLISH_CALL = /\/api\/v1\/editor\/external_resources\/publish\?/;

export class PostOnGooglePage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  /** Opens the view (the full list, or only `hlts`) and waits for its rows. */
  async goto(hlts?: number[]) {
    const query = hlts ? `?hlts=${hlts.join(',')}` : '';
    const listed = this.page.waitForResponse((r) => LIST_CALL.test(r.url()));
    await this.page.goto(`${this.baseUrl}/post-on-google${query}`);
    await listed;
    await this.waitForRows();
  }

  get table() {
    return this.page.getByTestId('pog-table');
  }
  get rows() {
    return this.table.getByTestId('pog-row');
  }
  get count() {
    return this.page.getByTestId('pog-count');
  }
  /** The 'Showing N selected highlights' bar of the hlts view. */
  get hltsBar() {
    return this.page.getByTestId('pog-hlts');
  }

  async waitForRows() {
    await this.table.locator('[data-testid^="pog-title-"]').first().waitFor();
    await this.page.locator('[data-testid="pog-table"][aria-busy="false"]').waitFor();
  }

  /** Highlight ids of the rows, top to bottom. */
  rowIds(): Promise<number[]> {
    return this.table
      .locator('[data-testid^="pog-title-"]')
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-testid')!.replace(/\D+/g, ''))));
  }

  /** Resource ids shown in the row of one highlight. */
  resourceIds(highlightId: number): Promise<string[]> {
    return this.rows
      .filter({ has: this.page.getByTestId(`pog-title-${highlightId}`) })
      .locator('[data-testid^="pog-resource-"]:not([data-testid^="pog-resource-url-"])')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.replace('pog-resource-', '')));
  }

  resource(resourceId: string) {
    return this.page.getByTestId(`pog-resource-${resourceId}`);
  }

  /** Presses a resource's Publish button and resolves with the publish call's answer. */
  async publish(resourceId: string): Promise<Response> {
    const answered = this.page.waitForResponse((r) => PUBLISH_CALL.test(r.url()));
    await this.page.getByTestId(`pog-publish-${resourceId}`).click();
    return answered;
  }
}
