// The video page's poster URL: its format rule while typing (once edited or submitted), then the server's
// check of the image behind it (usePosterCheck).
import { InputText } from 'primereact/inputtext';
import { messages } from '@hc/shared/messages';
import { validatePosterUrl } from '@hc/shared/validation';
import { Field } from './Field.tsx';
import { usePosterCheck, type PosterCheck } from './usePosterCheck.ts';

interface PosterFieldProps {
  poster: string;
  /** The poster differs from how the form opened: its rule shows while typing. */
  edited: boolean;
  submitted: boolean;
  onChange: (poster: string) => void;
}

export function PosterField({ poster, edited, submitted, onChange }: PosterFieldProps) {
  const check = usePosterCheck(poster);
  const format = poster.trim() === '' || !(edited || submitted) ? null : validatePosterUrl(poster);
  const error =
    format ??
    (check.status === 'error' ? check.message : null) ??
    (submitted && poster.trim() === '' ? messages.posterUrlInvalid : null);
  return (
    <Field id="se-poster" label="Poster URL">
      <InputText
        id="se-poster"
        value={poster}
        placeholder="https://example.com/poster.jpg"
        invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby="se-poster-status"
        data-testid="se-poster"
      />
      {error && (
        <small className="hc-se-error" data-testid="se-poster-error">
          {error}
        </small>
      )}
      <PosterStatus check={check} />
    </Field>
  );
}

/** The status line's look for each state of the check. */
const STATUS_LINE = {
  checking: {
    className: 'hc-se-poster-status',
    icon: 'pi pi-spin pi-spinner',
    text: messages.posterChecking,
  },
  unavailable: {
    className: 'hc-se-poster-status hc-se-muted',
    icon: 'pi pi-info-circle',
    text: messages.posterCheckUnavailable,
  },
  ok: {
    className: 'hc-se-poster-status hc-se-poster-status--ok',
    icon: 'pi pi-check-circle',
    text: messages.posterChecked,
  },
} as const;

/**
 * How the poster check stands. The console's content policy forbids images from other sites, so a
 * poster on another site is never drawn here; one on the console itself is shown as a thumbnail.
 */
function PosterStatus({ check }: { check: PosterCheck }) {
  if (check.status === 'idle' || check.status === 'error') return <span id="se-poster-status" hidden />;
  const line = STATUS_LINE[check.status];
  const sameSite = check.status === 'ok' && check.url.startsWith(`${window.location.origin}/`);
  return (
    <>
      <small
        id="se-poster-status"
        className={line.className}
        role="status"
        data-testid="se-poster-status"
        data-state={check.status}
      >
        <i className={line.icon} aria-hidden="true" /> {line.text}
      </small>
      {sameSite && (
        <img src={check.url} alt="Poster" className="hc-se-poster" data-testid="se-poster-image" />
      )}
    </>
  );
}
