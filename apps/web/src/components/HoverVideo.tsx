// A video thumbnail that plays on hover: a loading placeholder for HOVER_PLAY_PLACEHOLDER_MS first
// then the MP4 muted and inline. Nothing is downloaded until the pointer stays.
import { useEffect, useRef, useState } from 'react';
import { HOVER_PLAY_PLACEHOLDER_MS } from '@hc/shared/constants';
import './components.css';

export interface HoverVideoProps {
  /** The playable video (e.g. the MP4 variant). */
  src: string;
  poster: string;
  alt: string;
  width?: number;
  height?: number;
  testId?: string;
}

type Phase = 'idle' | 'loading' | 'playing';

/** Poster image that turns into a muted looping video while hovered. */
export function HoverVideo({ src, poster, alt, width = 96, height = 54, testId }: HoverVideoProps) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [posterBroken, setPosterBroken] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const start = () => {
    clearTimeout(timer.current);
    setPhase('loading');
    timer.current = setTimeout(() => setPhase('playing'), HOVER_PLAY_PLACEHOLDER_MS);
  };
  const stop = () => {
    clearTimeout(timer.current);
    setPhase('idle');
  };

  return (
    <div
      className="hc-hover-video"
      style={{ width, height }}
      onMouseEnter={start}
      onMouseLeave={stop}
      data-testid={testId}
      data-phase={phase}
    >
      {posterBroken ? (
        <div className="hc-hover-video__fallback" aria-label={alt}>
          <i className="pi pi-video" />
        </div>
      ) : (
        <img
          src={poster}
          alt={alt}
          width={width}
          height={height}
          loading="lazy"
          onError={() => setPosterBroken(true)}
        />
      )}
      {phase === 'loading' && (
        <div className="hc-hover-video__overlay" data-testid={testId ? `${testId}-loading` : undefined}>
          <i className="pi pi-spin pi-spinner" />
        </div>
      )}
      {phase === 'playing' && (
        <video
          className="hc-hover-video__video"
          src={src}
          poster={poster}
          width={width}
          height={height}
          muted
          autoPlay
          loop
          playsInline
          preload="auto"
        />
      )}
      {phase === 'idle' && (
        <span className="hc-hover-video__badge" aria-hidden="true">
          <i className="pi pi-play" />
        </span>
      )}
    </div>
  );
}
