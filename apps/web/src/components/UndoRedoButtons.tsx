// Undo and Redo of a shared editor (its user's own changes only), for the presence bar.
import { Button } from 'primereact/button';
import type { SharedUndo } from '../lib/collab/useSharedUndo.ts';

export function UndoRedoButtons({ undo, testIdPrefix }: { undo: SharedUndo; testIdPrefix: string }) {
  return (
    <>
      <Button
        type="button"
        icon="pi pi-undo"
        label="Undo"
        text
        size="small"
        disabled={!undo.canUndo}
        onClick={undo.undo}
        data-testid={`${testIdPrefix}-undo`}
      />
      <Button
        type="button"
        icon="pi pi-refresh"
        label="Redo"
        text
        size="small"
        disabled={!undo.canRedo}
        onClick={undo.redo}
        data-testid={`${testIdPrefix}-redo`}
      />
    </>
  );
}
