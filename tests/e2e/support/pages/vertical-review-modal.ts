// The vertical tool's review modal: a task's suggestions over the crop player, the feedback checkboxes,
// the actions (Close, Reject, Manual, Modify, Approve) and the dialogs they open (confirm a step, the
// Error dialog).
import type { Page } from '@playwright/test';

export class VerticalReviewModal {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  get root() {
    return this.page.getByTestId('vertical-review-modal');
  }
  get title() {
    return this.root.getByTestId('vertical-review-title');
  }
  get subtitle() {
    return this.root.getByTestId('vertical-review-subtitle');
  }
  get suggestions() {
    return this.root.getByTestId('vertical-suggestion');
  }

  /** A task's row in the list behind the modal. */
  row(videoId: number) {
    return this.page.getByTestId(`vertical-task-${videoId}`);
  }

  /**
   * Opens a list and the review modal of a task by a click on its row (not on its title), and waits
   * until the player has drawn the video's first frame.
   */
  async open(listPath: string, videoId: number) {
    await this.page.goto(this.baseUrl + listPath);
    await this.row(videoId).waitFor();
    await this.page
      .getByTestId('vertical-tasks-row')
      .filter({ has: this.row(videoId) })
      .getByRole('cell')
      .last()
      .click();
    await this.suggestions.first().waitFor();
    await this.page.getByTestId('crop-player-video').evaluate(
      (v: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          if (v.readyState >= 2) resolve();
          else v.addEventListener('loadeddata', () => resolve(), { once: true });
        }),
    );
  }

  // The crop player.
  get video() {
    return this.page.getByTestId('crop-player-video');
  }
  get stage() {
    return this.page.getByTestId('crop-player-stage');
  }
  get playPause() {
    return this.page.getByTestId('crop-player-play');
  }

  // Feedback: what a reviewer ticks, found by its label.
  get good() {
    return this.root.getByRole('checkbox', { name: 'Good quality' });
  }
  reason(reason: string) {
    return this.root.getByRole('checkbox', { name: reason, exact: true });
  }
  get reasons() {
    return this.root.getByTestId('vertical-reason');
  }
  get checkedReasons() {
    return this.root.locator('[data-testid="vertical-reason"] input:checked');
  }
  get feedbackRequired() {
    return this.root.getByTestId('vertical-feedback-required');
  }

  // The actions, in the modal's footer (its header has a Close of its own, the dialog's X).
  action(name: 'Close' | 'Reject' | 'Manual' | 'Modify' | 'Approve') {
    return this.root.locator('.p-dialog-footer').getByRole('button', { name, exact: true });
  }
  get render() {
    return this.root.getByTestId('vertical-render');
  }

  // The dialogs an action opens.
  get confirm() {
    return this.page.getByTestId('vertical-confirm');
  }
  get confirmMessage() {
    return this.page.getByTestId('vertical-confirm-message');
  }
  get confirmAccept() {
    return this.confirm.getByRole('button', { name: 'Confirm', exact: true });
  }
  get confirmCancel() {
    return this.confirm.getByRole('button', { name: 'Cancel', exact: true });
  }
  get errorDialog() {
    return this.page.getByTestId('vertical-error-dialog');
  }
  get errorMessage() {
    return this.page.getByTestId('vertical-error-message');
  }
  get errorOk() {
    return this.errorDialog.getByRole('button', { name: 'OK', exact: true });
  }
  get toasts() {
    return this.page.getByTestId('toast-text');
  }
}
