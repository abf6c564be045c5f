// The AMP story preview frame, built so a story can never run code in the console. The server's html goes in through
// srcdoc into a sandbox without allow-same-origin, and with a content policy inside the document that
// lets no script run (staticPreview.ts), so nothing in a story (a title, a form field, a crafted page)
// can run script, read the console's storage or navigate it. The sandbox allows scripts only because a
// frame sandboxed without them ignores autoplay, and the preview's muted videos must play.
// The AMP runtime is a script from the AMP CDN, which this deployment cannot reach and the frame's
// policy would not run anyway, so the frame shows the document's static content, made readable by
// staticPreview.ts (pages stacked as 414x736 screens), not the animated story player.
import { STORY_PREVIEW_FRAME } from '@hc/shared/constants';
import { staticPreviewDocument } from './staticPreview.ts';

interface StoryFrameProps {
  html: string;
  title: string;
  /** Scale of the 414x736 frame (the editor's narrower column shows it smaller). */
  scale?: number;
  testId?: string;
}

export function StoryFrame({ html, title, scale = 1, testId = 'story-frame' }: StoryFrameProps) {
  const { width, height } = STORY_PREVIEW_FRAME;
  return (
    <div
      className="hc-story-frame"
      style={{ width: width * scale, height: height * scale }}
      data-testid={`${testId}-box`}
    >
      <iframe
        title={title}
        srcDoc={staticPreviewDocument(html)}
        sandbox="allow-scripts"
        referrerPolicy="no-referrer"
        width={width}
        height={height}
        style={{ transform: scale === 1 ? undefined : `scale(${scale})` }}
        data-testid={testId}
      />
    </div>
  );
}
