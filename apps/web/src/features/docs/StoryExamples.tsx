// Example story videos on the stories documentation page, each opened in a dialog.
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { STORY_EXAMPLES } from './media.ts';
import type { StoryExample } from './media.ts';

export function StoryExamples() {
  const [open, setOpen] = useState<StoryExample | null>(null);
  return (
    <>
      <div className="hc-example-grid">
        {STORY_EXAMPLES.map((example) => (
          <Button
            key={example.src}
            type="button"
            className="hc-example-card"
            onClick={() => setOpen(example)}
            aria-label={`Play example: ${example.title}`}
            data-testid="story-example"
          >
            <span className="hc-example-thumb" aria-hidden="true">
              <img
                src={example.poster}
                alt=""
                loading="lazy"
                onError={(e) => (e.currentTarget.hidden = true)}
              />
              <i className="pi pi-play-circle" />
            </span>
            <span className="hc-example-title">{example.title}</span>
            <span className="hc-example-caption">{example.caption}</span>
          </Button>
        ))}
      </div>
      <Dialog
        header={open?.title}
        visible={open !== null}
        onHide={() => setOpen(null)}
        style={{ width: 'min(26rem, 95vw)' }}
        dismissableMask
        data-testid="story-example-dialog"
      >
        {open && (
          <div className="flex flex-column gap-3">
            <video
              className="hc-example-video"
              src={open.src}
              poster={open.poster}
              controls
              autoPlay
              muted
              playsInline
              preload="metadata"
            >
              Your browser cannot play this example.
            </video>
            <p className="m-0 hc-muted">{open.caption}</p>
          </div>
        )}
      </Dialog>
    </>
  );
}
