// The console's two toast stacks (lib/toast.tsx): the top bar's lane, or the top of the window on a bare
// page, and bottom-left. Loaded with the first toast.
import { useEffect, type RefObject } from 'react';
import { Toast } from 'primereact/toast';

interface ToastStackProps {
  laneRef: RefObject<Toast | null>;
  bottomLeftRef: RefObject<Toast | null>;
  /** The top bar's lane, when the page has one. */
  lane: HTMLElement | null;
  /** Called once both stacks are mounted: the toasts asked for while they loaded can show. */
  onReady: () => void;
}

/** Both toast stacks. */
export function ToastStack({ laneRef, bottomLeftRef, lane, onReady }: ToastStackProps) {
  useEffect(onReady, [onReady]);
  return (
    <>
      {/* Without a top bar (a bare page), the same toasts show at the top of the window. */}
      <Toast
        ref={laneRef}
        appendTo={lane ?? undefined}
        position="top-center"
        className={lane ? 'hc-toast hc-toast--lane' : 'hc-toast'}
      />
      <Toast ref={bottomLeftRef} position="bottom-left" className="hc-toast" />
    </>
  );
}
