// The stories screens' toasts. The story editor's toasts stay 6.5 s (spec 001 §9), not the console's
// 7 s, so these screens render their own PrimeReact Toast with the console toast's look: the same
// classes, the same Copy button and the same test id on the text.
import { useCallback, useMemo, useRef, useState } from 'react';
import { Toast } from 'primereact/toast';
import { Button } from 'primereact/button';
import { TOAST_LIFE_STORY_EDITOR_MS } from '@hc/shared/constants';
import { copyText } from '../../lib/clipboard.ts';
import type { ToastApi } from '../../app/toast.tsx';

type Severity = 'success' | 'error' | 'info';
const SUMMARY: Record<Severity, string> = { success: 'Success', error: 'Error', info: 'Info' };

function ToastBody({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-column gap-2">
      <span className="hc-toast-text" data-testid="toast-text">
        {text}
      </span>
      <div>
        <Button
          type="button"
          label={copied ? 'Copied' : 'Copy'}
          icon={copied ? 'pi pi-check' : 'pi pi-copy'}
          size="small"
          text
          className="hc-toast-copy"
          onClick={() => void copyText(text).then((ok) => setCopied(ok))}
        />
      </div>
    </div>
  );
}

/** [the Toast element to render once, its { success, error, info } api] with a 6.5 s life. */
export function useStoryToast(): [React.JSX.Element, ToastApi] {
  const ref = useRef<Toast>(null);
  const show = useCallback((severity: Severity, text: string) => {
    ref.current?.show({
      severity,
      summary: SUMMARY[severity],
      detail: <ToastBody text={text} />,
      life: TOAST_LIFE_STORY_EDITOR_MS,
    });
  }, []);
  const api = useMemo<ToastApi>(
    () => ({
      success: (text) => show('success', text),
      error: (text) => show('error', text),
      info: (text) => show('info', text),
    }),
    [show],
  );
  const element = <Toast ref={ref} position="top-right" className="hc-toast" />;
  return [element, api];
}
