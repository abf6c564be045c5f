// The save panel's preview (spec 000 §2 "Preview"): 'Please select at least 3 APVs!' until the package
// holds 3, then 'To see the component, click PREVIEW button'; Preview plays the package as the Top Videos
// showreel; an edit while it plays freezes it behind 'Click to Reload', which restarts it with the edit.
import { useState } from 'react';
import { PACKAGE_MIN_HIGHLIGHTS } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import type { toPreviewPackage } from './editorState.ts';
import { PackagePreview } from './PreviewSlot.tsx';

export type PreviewPackage = ReturnType<typeof toPreviewPackage>;

interface EditorPreviewProps {
  /** The package as it is now in the editor. */
  current: PreviewPackage;
  /** What the Preview button started, or null before it was pressed. */
  playing: { pkg: PreviewPackage; run: number } | null;
  onReload: () => void;
}

const sameContent = (a: PreviewPackage, b: PreviewPackage) => JSON.stringify(a) === JSON.stringify(b);

/** The preview area below the save panel's buttons. */
export function EditorPreview({ current, playing, onReload }: EditorPreviewProps) {
  if (!playing) {
    const enough = current.highlights.length >= PACKAGE_MIN_HIGHLIGHTS;
    return (
      <div className="hc-pe-preview hc-pe-preview--idle" data-testid="pe-preview">
        <i className={enough ? 'pi pi-play-circle' : 'pi pi-images'} aria-hidden="true" />
        <span data-testid="pe-preview-message">
          {enough ? messages.clickPreviewToSee : messages.selectAtLeast3Apvs}
        </span>
      </div>
    );
  }
  const stale = !sameContent(playing.pkg, current);
  return (
    <div className="hc-pe-preview" data-testid="pe-preview" data-stale={stale}>
      <PackagePreview key={playing.run} pkg={playing.pkg} />
      {stale && (
        <button
          type="button"
          className="hc-pe-preview__reload"
          onClick={onReload}
          data-testid="pe-preview-reload"
        >
          <i className="pi pi-refresh" aria-hidden="true" />
          {messages.clickToReload}
        </button>
      )}
    </div>
  );
}

/** The preview's state in the save panel: what plays, restarted by Preview and by Click to Reload. */
export function usePreviewRun() {
  const [playing, setPlaying] = useState<{ pkg: PreviewPackage; run: number } | null>(null);
  const start = (pkg: PreviewPackage) => setPlaying((p) => ({ pkg, run: (p?.run ?? 0) + 1 }));
  const stop = () => setPlaying(null);
  return { playing, start, stop };
}
