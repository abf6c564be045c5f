// The content size of an element, kept current with a ResizeObserver (the Konva stages need pixel sizes).
import { useEffect, useState } from 'react';
import type { Size } from './editorGeometry.ts';

/** Pass the element itself (`useState` + `ref={setElement}`); null gives 0 x 0. */
export function useElementSize(element: HTMLElement | null): Size {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((old) =>
        old.width === Math.floor(width) && old.height === Math.floor(height)
          ? old
          : { width: Math.floor(width), height: Math.floor(height) },
      );
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}
