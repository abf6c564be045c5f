// The add-size dialog of a display cell: width and height both above 0, and only the
// sizes the ad server accepts (the shared list of allowed sizes).
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { DISPLAY_ALLOWED_SIZES } from '@hc/shared/constants';
import { isAllowedDisplaySize, isDisplaySizeValid } from '@hc/shared/validation';

/** Words for the dialog's own checks (the spec states the rules, not their text). */
export const addSizeErrors = {
  notPositive: 'Width and height must both be greater than 0.',
  notAllowed: 'This size is not allowed.',
  alreadyListed: 'This size is already in the list.',
} as const;

interface AddSizeDialogProps {
  visible: boolean;
  sizes: readonly (readonly [number, number])[];
  onAdd: (size: [number, number]) => void;
  onHide: () => void;
}

export function AddSizeDialog({ visible, sizes, onAdd, onHide }: AddSizeDialogProps) {
  const [width, setWidth] = useState<number | null>(null);
  const [height, setHeight] = useState<number | null>(null);
  const w = width ?? 0;
  const h = height ?? 0;
  const error =
    width === null || height === null
      ? null
      : !isDisplaySizeValid(w, h)
        ? addSizeErrors.notPositive
        : !isAllowedDisplaySize(w, h)
          ? addSizeErrors.notAllowed
          : sizes.some(([sw, sh]) => sw === w && sh === h)
            ? addSizeErrors.alreadyListed
            : null;
  const close = () => {
    setWidth(null);
    setHeight(null);
    onHide();
  };
  return (
    <Dialog
      header="Add size"
      visible={visible}
      onHide={close}
      className="hc-grid-size-dialog"
      data-testid="grid-add-size-dialog"
      footer={
        <>
          <Button label="Cancel" text onClick={close} />
          <Button
            label="Add"
            disabled={width === null || height === null || error !== null}
            onClick={() => {
              onAdd([w, h]);
              close();
            }}
            data-testid="grid-add-size-confirm"
          />
        </>
      }
    >
      <div className="hc-grid-size-dialog__fields">
        <div className="hc-mon-field">
          <label htmlFor="grid-size-width">Width</label>
          <InputNumber
            inputId="grid-size-width"
            value={width}
            onValueChange={(e) => setWidth(e.value ?? null)}
            useGrouping={false}
            min={0}
            data-testid="grid-size-width"
          />
        </div>
        <div className="hc-mon-field">
          <label htmlFor="grid-size-height">Height</label>
          <InputNumber
            inputId="grid-size-height"
            value={height}
            onValueChange={(e) => setHeight(e.value ?? null)}
            useGrouping={false}
            min={0}
            data-testid="grid-size-height"
          />
        </div>
      </div>
      {error && (
        <small className="hc-grid-cell__error" data-testid="grid-size-error">
          {error}
        </small>
      )}
      <p className="hc-mon-field__hint">
        Allowed: {DISPLAY_ALLOWED_SIZES.map(([aw, ah]) => `${aw}x${ah}`).join(', ')}
      </p>
    </Dialog>
  );
}
