// The page form's footer: the form's first problem once the user tried to go on, and Discard, Preview
// and Publish (off while a call runs or a file uploads).
import { Button } from 'primereact/button';

interface PageFormFooterProps {
  problem: string | null;
  busy: 'preview' | 'publish' | null;
  uploading: boolean;
  onPreview: () => void;
  onDiscard: () => void;
  onPublish: () => void;
}

export function PageFormFooter({
  problem,
  busy,
  uploading,
  onPreview,
  onDiscard,
  onPublish,
}: PageFormFooterProps) {
  return (
    <footer className="hc-se-col__footer hc-se-form__footer">
      {problem && (
        <small className="hc-se-error hc-se-form__problem" role="alert" data-testid="se-form-error">
          {problem}
        </small>
      )}
      <div className="hc-se-form__buttons">
        <Button
          type="button"
          label="Discard"
          icon="pi pi-undo"
          outlined
          severity="secondary"
          disabled={busy !== null}
          onClick={onDiscard}
          data-testid="se-discard"
        />
        <Button
          type="button"
          label="Preview"
          icon="pi pi-play"
          outlined
          loading={busy === 'preview'}
          disabled={busy !== null || uploading}
          onClick={onPreview}
          data-testid="se-preview-button"
        />
        <Button
          type="button"
          label="Publish"
          icon="pi pi-send"
          loading={busy === 'publish'}
          disabled={busy !== null || uploading}
          onClick={onPublish}
          data-testid="se-publish"
        />
      </div>
    </footer>
  );
}
