// Stories (AMP web stories): the list at /stamp with its New story dialog and a story's drawer, and the
// story editor (its pages, the page form, the draft preview and the publish actions).
import type { Page } from '@playwright/test';

export class StoriesListPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async goto() {
    await this.page.goto(`${this.baseUrl}/stamp`);
    await this.root.waitFor();
  }

  get root() {
    return this.page.getByTestId('stories-page');
  }
  get newStory() {
    return this.page.getByRole('button', { name: 'New story' });
  }
  get createDialog() {
    return this.page.getByTestId('story-create-dialog');
  }
  /** Creates a story through the New story dialog; its drawer opens and the story's id is returned. */
  async create(title: string): Promise<string> {
    await this.newStory.click();
    await this.createDialog.getByLabel('Title').fill(title);
    await this.createDialog.getByRole('button', { name: 'Create', exact: true }).click();
    await this.drawer.waitFor();
    const id = (await this.page.getByTestId('story-drawer-id').innerText()).trim().match(/\d+/)?.[0];
    if (!id) throw new Error('the story drawer shows no id');
    return id;
  }
  get drawer() {
    return this.page.getByTestId('story-drawer');
  }
  get editStory() {
    return this.page.getByRole('button', { name: 'Edit story' });
  }
  /** The state a story's row shows (published, published with changes, draft). */
  state(storyId: number | string) {
    return this.page.getByTestId(`story-state-${storyId}`);
  }
}

export class StoryEditorPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async goto(storyId: number | string) {
    await this.page.goto(`${this.baseUrl}/stamp/${storyId}`);
    await this.root.waitFor();
  }

  get root() {
    return this.page.getByTestId('story-editor');
  }
  get pages() {
    return this.page.getByTestId('se-page');
  }
  get form() {
    return this.page.getByTestId('se-form');
  }

  /** Opens the form of a new page (the New page menu asks for its kind when there are two). */
  async newPage(kind: 'image' | 'video') {
    await this.page.getByTestId('se-new-page').click();
    const item = this.page.getByTestId(`se-new-page-${kind}`);
    await Promise.race([item.waitFor(), this.form.waitFor()]);
    if (await item.isVisible()) await item.click();
    await this.form.waitFor();
  }

  // The page form.
  get title() {
    return this.form.getByLabel('Title', { exact: true });
  }
  get poster() {
    return this.form.getByLabel('Poster URL');
  }
  get posterStatus() {
    return this.page.getByTestId('se-poster-status');
  }
  get imageInput() {
    return this.page.getByTestId('se-image-input');
  }
  get videoInput() {
    return this.page.getByTestId('se-video-input');
  }

  // The draft preview.
  get preview() {
    return this.page.getByRole('button', { name: 'Preview', exact: true });
  }
  get previewStatus() {
    return this.page.getByTestId('se-preview-status');
  }
  get previewSource() {
    return this.page.getByTestId('se-preview-source');
  }
  get previewFrame() {
    return this.page.getByTestId('se-preview-frame');
  }

  // Publishing.
  get publish() {
    return this.page.getByRole('button', { name: 'Publish', exact: true });
  }
  get publishStory() {
    return this.page.getByRole('button', { name: 'Publish story', exact: true });
  }
  get toasts() {
    return this.page.getByTestId('toast-text');
  }
}
