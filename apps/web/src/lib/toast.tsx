// Toasts for the whole console: one PrimeReact Toast, auto-closing after TOAST_LIFE_MS, each message with a
// Copy button so a user can paste an error into a support e-mail.
//
// Toasts show in the top bar's empty middle (the toast lane), one at a time, the newest replacing the
// last. Floating over the page they covered the account menu, the editors' Name fields and the package
// preview, and a toast under the pointer stays open: the lane is the one place where they cover no control.
import { createContext, Suspense, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { Toast, ToastMessage } from 'primereact/toast';
import { Button } from 'primereact/button';
import { TOAST_LIFE_MS } from '@hc/shared/constants';
import { copyText } from './clipboard.ts';
import { lazyPart } from './lazyPart.ts';

/** The lane in the top bar by default; the vertical tool's success toasts sit bottom-left, as its users know. */
export type ToastPosition = 'lane' | 'bottom-left';

export interface ToastOptions {
  position?: ToastPosition;
  /** A screen whose own delay differs from the console's (the admin screens' and story editor's 6.5 s). */
  lifeMs?: number;
}

export interface ToastApi {
  success(text: string, options?: ToastOptions): void;
  error(text: string, lifeMs?: number): void;
  info(text: string, lifeMs?: number): void;
}

/** A button on a toast that takes the user somewhere (a job's result, the job center). */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

/** The console's toasts: the above, and a success whose button takes the change back (instead of Copy). */
export interface ConsoleToastApi extends ToastApi {
  /** `position`: bottom-left over a modal (the top bar's lane lies under its mask). */
  undoable(text: string, undo: () => void, options?: { position?: ToastPosition }): void;
  /** A toast whose buttons lead on (beside Copy): a job that ended while the user was elsewhere. */
  withActions(severity: 'success' | 'error', text: string, actions: ToastAction[]): void;
}

const ToastContext = createContext<ConsoleToastApi | null>(null);
const LaneContext = createContext<(element: HTMLElement | null) => void>(() => undefined);

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

function ToastBody({ text, undo, actions }: { text: string; undo?: () => void; actions?: ToastAction[] }) {
  return (
    <div className={actions ? 'hc-toast-body hc-toast-body--actions' : 'hc-toast-body'}>
      <span className="hc-toast-text" data-testid="toast-text" title={text}>
        {text}
      </span>
      {actions?.map((action) => (
        <Button
          key={action.label}
          type="button"
          label={action.label}
          size="small"
          text
          className="hc-toast-copy"
          data-testid="toast-action"
          onClick={action.onClick}
        />
      ))}
      {actions ? null : undo ? (
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
  );
}

/** Where the lane's toasts appear: rendered once by each layout's top bar. */
export function ToastLane() {
  const setLane = useContext(LaneContext);
  return <div className="hc-toast-lane" ref={setLane} role="status" aria-live="polite" />;
}

// PrimeReact's Toast (and its transition group) loads with the first toast: a screen that tells nothing
// does not load it. The toasts asked for meanwhile show once it has. Its load never gives up: a first
// toast often says the network failed, and comes when the line is down.
const ToastStack = lazyPart(() => import('./ToastStack.tsx').then((m) => ({ default: m.ToastStack })), {
  attempts: Infinity,
});

/** Provides useToast() to everything below it. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const laneToast = useRef<Toast>(null);
  const bottomLeft = useRef<Toast>(null);
  const [lane, setLane] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const ready = useRef(false);
  const waiting = useRef<[ToastMessage, ToastPosition][]>([]);
  const showNow = useCallback((message: ToastMessage, position: ToastPosition) => {
    if (position === 'bottom-left') bottomLeft.current?.show(message);
    else laneToast.current?.replace(message);
  }, []);
  const show = useCallback(
    (message: ToastMessage, position: ToastPosition = 'lane') => {
      if (ready.current) return showNow(message, position);
      waiting.current.push([message, position]);
      setUsed(true);
    },
    [showNow],
  );
  const onStackReady = useCallback(() => {
    ready.current = true;
    for (const [message, position] of waiting.current.splice(0)) showNow(message, position);
  }, [showNow]);
  const api = useMemo<ConsoleToastApi>(() => {
    const simple = (severity: Severity, text: string, life = TOAST_LIFE_MS): ToastMessage => ({
      severity,
      summary: SUMMARY[severity],
      detail: <ToastBody text={text} />,
      life,
    });
    return {
      success: (text, options) => show(simple('success', text, options?.lifeMs), options?.position),
      error: (text, lifeMs) => show(simple('error', text, lifeMs)),
      info: (text, lifeMs) => show(simple('info', text, lifeMs)),
      withActions: (severity, text, actions) =>
        show({
          severity,
          summary: SUMMARY[severity],
          life: TOAST_LIFE_MS,
          detail: <ToastBody text={text} actions={actions} />,
        }),
      undoable: (text, undo, options) => {
        const position = options?.position ?? 'lane';
        const message: ToastMessage = {
          severity: 'success',
          summary: SUMMARY.success,
          life: TOAST_LIFE_MS,
          detail: (
            <ToastBody
              text={text}
              undo={() => {
                (position === 'bottom-left' ? bottomLeft : laneToast).current?.remove(message);
                undo();
              }}
            />
          ),
        };
        show(message, position);
      },
    };
  }, [show]);
  return (
    <ToastContext.Provider value={api}>
      <LaneContext.Provider value={setLane}>
        {used && (
          // Nothing in their place while the toasts' code arrives.
          <Suspense fallback={null}>
            <ToastStack laneRef={laneToast} bottomLeftRef={bottomLeft} lane={lane} onReady={onStackReady} />
          </Suspense>
        )}
        {children}
      </LaneContext.Provider>
    </ToastContext.Provider>
  );
}

/** { success, error, info, undoable }: each shows one toast with a Copy (or Undo) button. */
export function useToast(): ConsoleToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() must be used inside <ToastProvider>');
  return api;
}
