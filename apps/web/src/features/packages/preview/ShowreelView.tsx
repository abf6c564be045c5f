// React host of the embed's showreel module: the console shows exactly what publishers' pages show.
import { useEffect, useRef } from 'react';
import type { ShowreelItem } from '../../../embed/playlist.ts';
import { mountShowreel, type ShowreelController } from '../../../embed/showreel.ts';

interface ShowreelViewProps {
  items: readonly ShowreelItem[];
  /** Paused (and kept paused) while true. */
  frozen: boolean;
}

/** Mounts the showreel once, feeds it new items (restarting from the first) and pauses it on demand. */
export function ShowreelView({ items, frozen }: ShowreelViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const reel = useRef<ShowreelController | null>(null);

  useEffect(() => {
    const controller = mountShowreel(host.current!, []);
    reel.current = controller;
    return () => {
      controller.destroy();
      reel.current = null;
    };
  }, []);
  useEffect(() => reel.current?.update(items), [items]);
  useEffect(() => {
    if (frozen) reel.current?.pause();
    else reel.current?.play();
  }, [frozen]);

  return <div ref={host} className="hc-package-preview__reel" data-testid="package-preview-showreel" />;
}
