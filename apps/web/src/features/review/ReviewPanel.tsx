// The detail panel of one queued article: its auto highlights (limited by
// numberOfAlgoSuggestions), the review form per highlight, the article actions and the keyboard
// shortcuts (see reviewShortcuts.ts: Q = looks good, W = bad).
import { useEffect, useReducer, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import type { Highlight } from '@hc/shared/api/highlights';
import { MP4_SUFFIX, REVIEW_APV_REASONS, REVIEW_TV_REASONS } from '@hc/shared/constants';
import { formatDate, truncateTitle } from '@hc/shared/formatters';
import { messages } from '@hc/shared/messages';
import { ApiError } from '../../lib/api.ts';
import { useToast } from '../../lib/toast.tsx';
import { StatePanel } from '../../components/StatePanel.tsx';
import { DetailDrawer, DrawerSubtitle } from '../../components/DetailDrawer.tsx';
import { limitedHighlights, useAutoHighlights } from './api/get-auto-highlights.ts';
import type { PendingArticle, ReviewAction } from '@hc/shared/api/review';
import { useSubmitFeedback } from './api/submit-feedback.ts';
import { useActivateHighlight } from './api/activate-highlight.ts';
import {
  BAD,
  GOOD,
  TV_INVALID,
  TV_VALID,
  initialReviewForm,
  isReviewValid,
  missingFor,
  reviewFormReducer,
  toFeedback,
} from './reviewForm.ts';
import type { ApvReason, HighlightReview, Rating, ReviewFormAction, TvReason } from './reviewForm.ts';
import { isTextEntry, keyHintsFor, REVIEW_SHORTCUT_HELP, shortcutFor } from './reviewShortcuts.ts';
import { useShortcutHelp } from '../../components/shortcuts/registry.ts';
import { useTaskLock } from '../../lib/locks/useTaskLock.ts';
import { LockNotice, lockAllowsActions } from '../../lib/locks/LockNotice.tsx';
import { isLockRefusal } from '../../lib/locks/lockRows.ts';
import '../../components/components.css';

const APV_OPTIONS = [
  { label: 'Good', value: GOOD },
  { label: 'Bad', value: BAD },
];
const TV_OPTIONS = [
  { label: 'Yes', value: TV_VALID },
  { label: 'No', value: TV_INVALID },
];
const APV_REASON_OPTIONS = REVIEW_APV_REASONS.map((r) => ({
  label: r.charAt(0).toUpperCase() + r.slice(1),
  value: r,
}));
const TV_REASON_OPTIONS = REVIEW_TV_REASONS.map((r) => ({
  label: r.charAt(0).toUpperCase() + r.slice(1),
  value: r,
}));

interface HighlightFormProps {
  index: number;
  highlight: Highlight;
  review: HighlightReview;
  dispatch: (action: ReviewFormAction) => void;
  /** Focus the APV reason picker once it can take a reason (after Bad). */
  focusReason: boolean;
  onReasonFocused: () => void;
  onActivate: (highlight: Highlight) => void;
  activating: boolean;
  activated: boolean;
}

function HighlightForm(props: HighlightFormProps) {
  const { highlight: h, review, dispatch, index } = props;
  const reasonRef = useRef<Dropdown>(null);
  const { focusReason, onReasonFocused } = props;
  const bad = review.apv_quality === BAD;
  useEffect(() => {
    if (focusReason && bad) {
      reasonRef.current?.focus();
      onReasonFocused();
    }
  }, [focusReason, bad, onReasonFocused]);

  const missing = missingFor(review);
  const hint = keyHintsFor(index);
  const prefix = `review-highlight-${index}`;
  const active = h.article_active || props.activated;
  return (
    <article className="hc-review-item" data-testid={prefix} data-highlight-id={h.highlight_id}>
      <div className="hc-review-item__media">
        <video
          className="hc-review-item__video"
          src={h.video_url + MP4_SUFFIX}
          poster={h.thumbnail}
          controls
          preload="none"
          playsInline
          data-testid={`${prefix}-video`}
        />
        <div className="hc-review-item__meta">
          <span className="hc-review-item__title" title={h.title} data-testid={`${prefix}-title`}>
            {truncateTitle(h.title)}
          </span>
          <span className="hc-title-meta">
            #{h.highlight_id}
            <span className="hc-dot-sep">{formatDate(h.published_at)}</span>
          </span>
          <div className="flex align-items-center gap-2 mt-1">
            <Tag
              value={active ? 'Active' : 'Inactive'}
              severity={active ? 'success' : 'secondary'}
              rounded
              data-testid={`${prefix}-status`}
            />
            {!active && (
              <Button
                type="button"
                label="Activate"
                icon="pi pi-bolt"
                size="small"
                text
                loading={props.activating}
                onClick={() => props.onActivate(h)}
                data-testid={`${prefix}-activate`}
              />
            )}
          </div>
        </div>
      </div>

      <div className="hc-review-item__form">
        <div className="hc-review-field">
          <span className="hc-review-field__label" id={`${prefix}-apv-label`}>
            APV quality
            {hint.good && (
              <span className="hc-kbd-hint">
                <kbd>{hint.good}</kbd> good · <kbd>{hint.bad}</kbd> bad
              </span>
            )}
          </span>
          <SelectButton
            value={review.apv_quality}
            options={APV_OPTIONS}
            allowEmpty={false}
            onChange={(e) => {
              if (e.value === null || e.value === undefined) return;
              dispatch({ type: 'apvQuality', id: h.highlight_id, value: e.value as Rating });
            }}
            aria-labelledby={`${prefix}-apv-label`}
            data-testid={`${prefix}-apv-quality`}
          />
          <Dropdown
            ref={reasonRef}
            value={review.apv_reason}
            options={APV_REASON_OPTIONS}
            placeholder={bad ? 'Choose a reason' : 'Only for Bad'}
            disabled={!bad}
            invalid={bad && review.apv_reason === null}
            onChange={(e) =>
              dispatch({
                type: 'apvReason',
                id: h.highlight_id,
                value: (e.value as ApvReason | null) ?? null,
              })
            }
            aria-label="APV reason"
            className="w-full"
            data-testid={`${prefix}-apv-reason`}
          />
        </div>
        <div className="hc-review-field">
          <span className="hc-review-field__label" id={`${prefix}-tv-label`}>
            TV valid
          </span>
          <SelectButton
            value={review.tv_quality}
            options={TV_OPTIONS}
            optionDisabled={(o: { value: Rating }) => bad && o.value === TV_VALID}
            allowEmpty={false}
            onChange={(e) => {
              if (e.value === null || e.value === undefined) return;
              dispatch({ type: 'tvQuality', id: h.highlight_id, value: e.value as Rating });
            }}
            aria-labelledby={`${prefix}-tv-label`}
            data-testid={`${prefix}-tv-quality`}
          />
          <Dropdown
            value={review.tv_reason}
            options={TV_REASON_OPTIONS}
            placeholder={review.tv_quality === TV_INVALID ? 'Choose a reason' : 'Only for No'}
            disabled={review.tv_quality !== TV_INVALID}
            invalid={review.tv_quality === TV_INVALID && review.tv_reason === null}
            onChange={(e) =>
              dispatch({ type: 'tvReason', id: h.highlight_id, value: (e.value as TvReason | null) ?? null })
            }
            aria-label="TV reason"
            className="w-full"
            data-testid={`${prefix}-tv-reason`}
          />
        </div>
        <p
          className={`hc-review-item__state${missing.length === 0 ? ' is-complete' : ''}`}
          data-testid={`${prefix}-state`}
        >
          <i className={`pi ${missing.length === 0 ? 'pi-check-circle' : 'pi-circle'}`} aria-hidden="true" />
          {missing.length === 0 ? 'Rated' : `Needs ${missing.join(', ')}`}
        </p>
      </div>
    </article>
  );
}

interface ReviewPanelProps {
  article: PendingArticle | null;
  visible: boolean;
  onHide: () => void;
  /** After a submitted review: the page picks the next article or closes. */
  onSubmitted: (articleId: number) => void;
  /** Someone else holds the article's lease: the page says so and closes the panel. */
  onRefused: (articleId: number, message: string) => void;
}

/** The right-hand review panel of one article. */
export function ReviewPanel({ article, visible, onHide, onSubmitted, onRefused }: ReviewPanelProps) {
  const toast = useToast();
  const articleId = article?.id ?? null;
  // The open article is this reviewer's alone while the panel shows it.
  const lock = useTaskLock('article', visible ? articleId : null);
  const refusedWith = lock.state.status === 'refused' ? lock.state.message : null;
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (refusedWith === null || articleId === null) return;
    const key = `${articleId}:${refusedWith}`;
    if (told.current === key) return;
    told.current = key;
    onRefused(articleId, refusedWith);
  }, [refusedWith, articleId, onRefused]);
  const auto = useAutoHighlights(articleId);
  const highlights = auto.data && auto.data.article_id === articleId ? limitedHighlights(auto.data) : null;

  const [form, dispatch] = useReducer(reviewFormReducer, undefined, () => initialReviewForm());
  const idsKey = highlights?.map((h) => h.highlight_id).join(',') ?? '';
  // A new article (or its highlights arriving) starts a fresh form.
  useEffect(() => {
    if (articleId === null || highlights === null) return;
    dispatch({ type: 'reset', articleId, highlightIds: highlights.map((h) => h.highlight_id) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- idsKey stands for the highlights
  }, [articleId, idsKey]);
  const formReady = form.articleId === articleId && highlights !== null;
  const valid = formReady && isReviewValid(form);

  const [focusReasonOf, setFocusReasonOf] = useState<number | null>(null);
  const [activated, setActivated] = useState<ReadonlySet<number>>(new Set());
  // The highlight sent with the review: the one activated here, else the article's best.
  const [chosen, setChosen] = useState<{ articleId: number; highlightId: number } | null>(null);
  const chosenId = chosen && chosen.articleId === articleId ? chosen.highlightId : article?.highlight_id;
  const submit = useSubmitFeedback();
  const activate = useActivateHighlight();

  const send = (action: ReviewAction) => {
    const fence = lock.fence;
    if (!article || !formReady || submit.isPending || fence === null) return;
    if (action !== 'manual' && !valid) return;
    submit.mutate(
      {
        fence,
        article_id: article.id,
        action_type: action,
        ...(chosenId ? { highlight_id: chosenId } : {}),
        feedback: toFeedback(form),
      },
      {
        onSuccess: () => {
          toast.success(messages.feedbackSubmitted);
          onSubmitted(article.id);
        },
        onError: (error) => {
          const conflict = error instanceof ApiError && error.status === 409;
          toast.error(conflict ? `${messages.feedbackFailed} ${error.message}` : messages.feedbackFailed);
          // 409 for the lease (it lapsed or was taken): the form stays, the actions wait for 'Open again'.
          if (conflict && isLockRefusal(error.message)) lock.lose(error.message);
          // 409: reviewed by someone else meanwhile; it leaves the queue, so the panel closes too.
          else if (conflict) onSubmitted(article.id);
        },
      },
    );
  };

  const onActivate = (h: Highlight) => {
    activate.mutate(h.article_id, {
      onSuccess: () => {
        setActivated((s) => new Set(s).add(h.highlight_id));
        setChosen({ articleId: h.article_id, highlightId: h.highlight_id });
        void auto.refetch();
      },
      onError: (error) =>
        toast.error(error instanceof ApiError ? error.message : messages.somethingWentWrong),
    });
  };

  // Shortcuts, while the panel is open and the focus is not in a text field.
  useShortcutHelp('Review panel', REVIEW_SHORTCUT_HELP);
  const latest = useRef({ form, highlights, send });
  latest.current = { form, highlights, send };
  useEffect(() => {
    if (!visible) return;
    const onKey = (event: KeyboardEvent) => {
      const shortcut = shortcutFor(event);
      if (!shortcut) return;
      if (isTextEntry(document.activeElement as HTMLElement | null)) return;
      const { highlights: hs, send: act } = latest.current;
      event.preventDefault();
      if (shortcut.type === 'done' || shortcut.type === 'reject') {
        act(shortcut.type);
        return;
      }
      const target = hs?.[shortcut.index];
      if (!target) return;
      if (shortcut.type === 'good') dispatch({ type: 'quickGood', id: target.highlight_id });
      else {
        dispatch({ type: 'quickBad', id: target.highlight_id });
        setFocusReasonOf(target.highlight_id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [visible]);

  const formDispatch = (action: ReviewFormAction) => {
    dispatch(action);
    if (action.type === 'apvQuality' && action.value === BAD) setFocusReasonOf(action.id);
  };

  const leased = lockAllowsActions(lock);
  const busy = submit.isPending || !leased;
  // Without the lease the notice above says why; the form's own reason only while it is held.
  const disabledTip = valid || !leased ? undefined : 'Rate every highlight and give every Bad a reason';
  return (
    <DetailDrawer
      visible={visible}
      onHide={onHide}
      title={article?.title ?? ''}
      subtitle={
        article && (
          <>
            <DrawerSubtitle
              parts={[`Article #${article.id}`, article.publisher_name, formatDate(article.created_at)]}
            />
            {article.featured && <Tag value="Featured" severity="warning" rounded />}
          </>
        )
      }
      className="hc-review-drawer"
      testId="review-panel"
    >
      {article && (
        <a
          href={article.raw_url}
          target="_blank"
          rel="noopener noreferrer"
          className="hc-external-link"
          data-testid="review-panel-url"
        >
          <span>{article.raw_url}</span>
          <i className="pi pi-external-link" aria-hidden="true" />
        </a>
      )}

      <LockNotice lock={lock} testId="review-lock-notice" />

      {auto.isError ? (
        <StatePanel
          kind="error"
          message={auto.error instanceof ApiError ? auto.error.message : messages.networkError}
          onRetry={() => void auto.refetch()}
          testId="review-panel-error"
        />
      ) : !highlights ? (
        <div className="flex flex-column gap-3" data-testid="review-panel-loading">
          <Skeleton height="9rem" borderRadius="10px" />
          <Skeleton height="9rem" borderRadius="10px" />
        </div>
      ) : highlights.length === 0 ? (
        <StatePanel kind="empty" message="This article has no auto highlights." testId="review-panel-empty" />
      ) : (
        <section className="flex flex-column gap-3" aria-label="Auto highlights">
          {formReady &&
            highlights.map((h, index) => {
              const review = form.items.find((i) => i.id === h.highlight_id);
              return (
                review && (
                  <HighlightForm
                    key={h.highlight_id}
                    index={index}
                    highlight={h}
                    review={review}
                    dispatch={formDispatch}
                    focusReason={focusReasonOf === h.highlight_id}
                    onReasonFocused={() => setFocusReasonOf(null)}
                    onActivate={onActivate}
                    activating={activate.isPending && activate.variables === h.article_id}
                    activated={activated.has(h.highlight_id)}
                  />
                )
              );
            })}
        </section>
      )}

      <footer className="hc-review-actions" data-testid="review-actions">
        <Button
          type="button"
          label="Manual"
          icon="pi pi-pencil"
          outlined
          severity="secondary"
          disabled={!formReady || busy}
          onClick={() => send('manual')}
          data-testid="review-manual"
        />
        <span className="flex-1" />
        <Button
          type="button"
          label="Reject"
          icon="pi pi-times"
          severity="danger"
          outlined
          disabled={!valid || busy}
          tooltip={disabledTip}
          tooltipOptions={{ showOnDisabled: true, position: 'top' }}
          onClick={() => send('reject')}
          data-testid="review-reject"
        >
          <kbd className="hc-kbd-inline">Alt+R</kbd>
        </Button>
        <Button
          type="button"
          label="Done"
          icon="pi pi-check"
          disabled={!valid || busy}
          loading={submit.isPending}
          tooltip={disabledTip}
          tooltipOptions={{ showOnDisabled: true, position: 'top' }}
          onClick={() => send('done')}
          data-testid="review-done"
        >
          <kbd className="hc-kbd-inline">Alt+D</kbd>
        </Button>
      </footer>
    </DetailDrawer>
  );
}
