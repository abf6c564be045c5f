// The vertical tool's frame editor (the edit modal): the selected time range, the frame canvas and its
// preview, the object panel, the timeline, and the footer (Undo, Cancel, Generate / Recreate).
import type { Page } from '@playwright/test';

export class VerticalFrameEditor {
  constructor(readonly page: Page) {}

  get root() {
    return this.page.getByTestId('frame-editor');
  }
  get modal() {
    return this.page.getByTestId('edit-modal');
  }
  get title() {
    return this.page.getByTestId('edit-modal-title');
  }

  // The selected time.
  get rangeValue() {
    return this.page.getByTestId('fe-range-value');
  }
  get changeRange() {
    return this.page.getByRole('button', { name: 'Change Selected Time' });
  }
  rangeField(edge: 'start' | 'end') {
    // The field's name is its label and its value ('End 9.00 s'), so the label is matched as a prefix.
    return this.page.getByRole('spinbutton', { name: edge === 'start' ? /^Start\b/ : /^End\b/ });
  }
  /** Types seconds into the start or end field (PrimeReact InputNumber: select all, type). */
  async typeSeconds(edge: 'start' | 'end', seconds: string) {
    const input = this.rangeField(edge);
    await input.click();
    await input.press('Control+a');
    await this.page.keyboard.type(seconds);
  }
  get saveRange() {
    return this.page.getByRole('button', { name: 'Save start and end time' });
  }
  get keepRange() {
    return this.page.getByRole('button', { name: 'Keep previous time' });
  }
  get rangeError() {
    return this.page.getByTestId('fe-range-error');
  }

  // The frame and its objects.
  get frame() {
    return this.page.getByTestId('fe-frame');
  }
  get frameNumber() {
    return this.page.getByTestId('fe-frame-number');
  }
  get objects() {
    return this.page.getByTestId('fe-object');
  }
  get groups() {
    return this.page.getByTestId('fe-group');
  }
  get addFrame() {
    return this.page.getByRole('button', { name: 'Add Frame' });
  }
  get split() {
    return this.page.getByRole('button', { name: 'Split at playhead' });
  }
  toggleObject(objectId: number, hidden = false) {
    return this.page.getByRole('button', { name: `${hidden ? 'Show' : 'Hide'} object #${objectId}` });
  }
  deleteObject(objectId: number) {
    return this.page.getByRole('button', { name: `Delete object #${objectId}` });
  }

  // The footer.
  get undo() {
    return this.page.getByRole('button', { name: 'Undo', exact: true });
  }
  get cancel() {
    return this.modal.getByTestId('fe-cancel');
  }
  /** Generate, or Recreate once the suggestion has a vertical. */
  get generate() {
    return this.page.getByTestId('fe-generate');
  }
}
