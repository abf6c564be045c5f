// Toasts for the whole console: one PrimeReact Toast, auto-closing after TOAST_LIFE_MS, each message with a
// Copy button so a user can paste an error into a support e-mail.
import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Toast } from 'primereact/toast';
import { Button } from 'primereact/button';
import { TOAST_LIFE_MS } from '@hc/shared/constants';
import { copyText } from '../lib/clipboard.ts';

/** Top-right by default; the vertical tool's success toasts sit bottom-left (spec 001 §4). */
export type ToastPosition = 'top-right' | 'bottom-left';

export interface ToastApi {
  success(text: string, position?: ToastPosition): void;
  /** lifeMs: a screen whose spec words another delay (the admin screens' 6.5 s). */
  error(text: string, lifeMs?: number): void;
  info(text: string): void;
}

/** The console's toasts: the above, and a success whose button takes the change back (instead of Copy). */
export interface ConsoleToastApi extends ToastApi {
  undoable(text: string, undo: () => void): void;
}

const ToastContext = createContext<ConsoleToastApi | null>(null);

type Severity = 'success' | 'error' | 'info';
const SUMMARY: Record<Severity, string> = { success: 'Success', error: 'Error', info: 'Info' };

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      label={copied ? 'Copied' : 'Copy'}
      icon={copied ? 'pi pi-check' : 'pi pi-copy'}
      size="small"
      text
      className="hc-toast-copy"
      onClick={() => {
        void copyText(text).then((ok) => setCopied(ok));
      }}
    />
  );
}

function ToastBody({ text, undo }: { text: string; undo?: () => void }) {
  return (
    <div className="flex flex-column gap-2">
      <span className="hc-toast-text" data-testid="toast-text">
        {text}
      </span>
      <div>
        {undo ? (
          <Button
            type="button"
            label="Undo"
            icon="pi pi-undo"
            size="small"
            text
            className="hc-toast-copy"
            data-testid="toast-undo"
            onClick={undo}
          />
        ) : (
          <CopyButton text={text} />
        )}
      </div>
    </div>
  );
}

/** Provides useToast() to everything below it. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const topRight = useRef<Toast>(null);
  const bottomLeft = useRef<Toast>(null);
  const show = useCallback(
    (
      severity: Severity,
      text: string,
      lifeMs: number = TOAST_LIFE_MS,
      position: ToastPosition = 'top-right',
    ) => {
      (position === 'bottom-left' ? bottomLeft : topRight).current?.show({
        severity,
        summary: SUMMARY[severity],
        detail: <ToastBody text={text} />,
        life: lifeMs,
      });
    },
    [],
  );
  const api = useMemo<ConsoleToastApi>(
    () => ({
      success: (text, position) => show('success', text, TOAST_LIFE_MS, position),
      error: (text, lifeMs) => show('error', text, lifeMs),
      info: (text) => show('info', text),
      undoable: (text, undo) => {
        const message = {
          severity: 'success' as const,
          summary: SUMMARY.success,
          life: TOAST_LIFE_MS,
          detail: (
            <ToastBody
              text={text}
              undo={() => {
                topRight.current?.remove(message);
                undo();
              }}
            />
          ),
        };
        topRight.current?.show(message);
      },
    }),
    [show],
  );
  return (
    <ToastContext.Provider value={api}>
      <Toast ref={topRight} position="top-right" className="hc-toast" />
      <Toast ref={bottomLeft} position="bottom-left" className="hc-toast" />
      {children}
    </ToastContext.Provider>
  );
}

/** { success, error, info }: each shows one toast with a Copy button. */
export function useToast(): ConsoleToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() must be used inside <ToastProvider>');
  return api;
}
