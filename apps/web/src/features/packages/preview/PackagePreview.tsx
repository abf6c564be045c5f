// The package preview of the editor's right column and the packages-list drawer: at least
// 3 highlights, started with PREVIEW, the real Top Videos showreel, frozen behind 'Click to Reload' when
// the package is edited while it plays.
import { Button } from 'primereact/button';
import { messages } from '@hc/shared/messages';
import type { PreviewPackage } from './previewState.ts';
import { ShowreelView } from './ShowreelView.tsx';
import { usePreviewState, type PreviewState } from './usePreviewState.ts';
import './preview.css';

type PackagePreviewProps = ({ pkg: PreviewPackage } | { packageLike: PreviewPackage }) & {
  /** State from usePreviewState(pkg), when the screen starts the preview from its own button. */
  state?: PreviewState;
};

/** The package as its Top Videos embed, once asked for. */
export function PackagePreview(props: PackagePreviewProps) {
  const pkg = 'pkg' in props ? props.pkg : props.packageLike;
  const own = usePreviewState(pkg);
  const { phase, playing, start } = props.state ?? own;

  return (
    <section
      className="hc-package-preview"
      data-testid="package-preview"
      data-phase={phase}
      aria-label="Preview"
    >
      {playing ? (
        <div className="hc-package-preview__stage">
          <ShowreelView items={playing} frozen={phase === 'stale'} />
          {phase === 'stale' && (
            <button
              type="button"
              className="hc-package-preview__reload"
              onClick={start}
              data-testid="package-preview-reload"
            >
              <span className="hc-package-preview__reload-pill">
                <i className="pi pi-refresh" aria-hidden="true" />
                {messages.clickToReload}
              </span>
            </button>
          )}
        </div>
      ) : (
        <div className="hc-package-preview__placeholder">
          <i className="pi pi-play-circle hc-package-preview__icon" aria-hidden="true" />
          <p className="hc-package-preview__message" data-testid="package-preview-message">
            {phase === 'tooFew' ? messages.selectAtLeast3Apvs : messages.clickPreviewToSee}
          </p>
          {phase === 'ready' && (
            <Button
              type="button"
              label="PREVIEW"
              icon="pi pi-play"
              size="small"
              onClick={start}
              data-testid="package-preview-start"
            />
          )}
        </div>
      )}
    </section>
  );
}
