// The edit modal of the vertical tool: 'Manual Creation' or 'Edit Algo Suggestion'.
// A highlight first has its time range (5-12 s); then the frame editor: the source video with each
// object's box at the playhead (drag to set a keyframe), the groups and keyframes on the timeline, and the
// model's edits (packages/shared/src/vertical/frame-editor.ts), each logged with audit_log/create.
// Generate sends the keyframe file with the range and the review modal's reasons: vertical_video/update
// while the range still overlaps the suggestion's ('modify'), vertical_video/create when it no longer does
// ('manual'), in Manual Creation, and for Create New. Refused on mobile devices.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import type { VerticalTask } from '@hc/shared/api/vertical';
import { cropMessages, messages, verticalCreated, verticalResultsScreen } from '@hc/shared/messages';
import {
  adjacentKeyframe,
  minimumBoxSize,
  minimumCropHeight,
  pathDifferences,
  shotAt,
  shotsOf,
  smoothKeyframeFile,
  undersizedSpans,
} from '@hc/shared/vertical/crop-path';
import {
  frameCountOf,
  groupAtFrame,
  objectRectAt,
  type KeyframeFile,
} from '@hc/shared/vertical/keyframe-file';
import { selectedTimeError } from '@hc/shared/vertical/time-range';
import { ApiError } from '../../../lib/api.ts';
import { useToast } from '../../../lib/toast.tsx';
import { StatePanel } from '../../../components/StatePanel.tsx';
import { useIsMobileDevice } from '../../../components/useIsMobileDevice.ts';
import type { Suggestion } from '../api/get-task-details.ts';
import { useCreateVertical, type VerticalVideoWriteResult } from '../api/create-vertical.ts';
import { useUpdateVertical } from '../api/update-vertical.ts';
import { useVideoFrame } from '../player/useVideoFrame.ts';
import { frameAtTime, timeOfFrame } from '../player/videoFrames.ts';
import { editorShortcutFor, isTextField, type EditorShortcut } from '../shortcuts.ts';
import { LivePreview } from '../preview/LivePreview.tsx';
import { nextSafeArea, type SafeAreaChoice } from '../preview/safeAreas.ts';
import { ShortcutOverlay } from './ShortcutOverlay.tsx';
import { useConsoleSuggestion } from './useConsoleSuggestion.ts';
import { compareOptions } from './compareOptions.ts';
import type { TimeRange } from '@hc/shared/vertical/time-range';
import { FrameCanvas } from './FrameCanvas.tsx';
import { ObjectPanel } from './ObjectPanel.tsx';
import { EditorFooter } from './EditorFooter.tsx';
import { Message } from 'primereact/message';
import { RenderProgress } from '../review/RenderProgress.tsx';
import { Timeline } from './Timeline.tsx';
import { TimeRangeBar } from './TimeRangeBar.tsx';
import { togglePlay, Transport } from './Transport.tsx';
import { mp4Url } from './mediaUrl.ts';
import { useFrameEditor } from './useFrameEditor.ts';
import { useSetting } from '../api/get-settings.ts';
import { PLAYER_MAX_OBJECTS_SETTING, playerMaxObjects } from '@hc/shared/vertical/frame-editor';
import { useStableHandler } from './useStableHandler.ts';
import { rangeFrames, writeCallFor, type EditMode } from './editRange.ts';
import type { TaskLock } from '../../../lib/locks/useTaskLock.ts';
import { LockNotice, lockAllowsActions } from '../../../lib/locks/LockNotice.tsx';
import { isLockRefusal } from '../../../lib/locks/lockRows.ts';
import './editor.css';

export interface EditModalProps {
  task: VerticalTask;
  /** The suggestion being edited (its keyframe file and time range are the starting point). */
  suggestion: Suggestion;
  /** Every suggestion of the task (any source): the editor compares with them and applies them per shot. */
  suggestions?: Suggestion[];
  /** 'modify' from Modify (Edit Algo Suggestion), 'manual' from Manual (Manual Creation). */
  mode: EditMode;
  /** The reasons chosen in the review modal; the server needs at least one. */
  reasons: string[];
  /** The review modal's lease on the task: Generate and Create New send its fencing number. */
  lock: TaskLock;
  onClose(): void;
  /**
   * The server accepted the vertical (202) and queued its render. The modal stays open showing the
   * catalogue's success message and the render's progress until the user closes it (onClose).
   */
  onSubmitted(result: VerticalVideoWriteResult): void;
}

export const EDIT_MODAL_TITLES: Record<EditMode, string> = {
  manual: 'Manual Creation',
  modify: 'Edit Algo Suggestion',
};

export function EditModal(props: EditModalProps) {
  const { task, mode } = props;
  const mobile = useIsMobileDevice();
  const programId = task.external_program_id ?? task.program_id;
  return (
    <Dialog
      visible
      onHide={props.onClose}
      modal
      draggable={false}
      resizable={false}
      closeOnEscape={false}
      blockScroll
      position="top"
      className="hc-fe-dialog"
      contentClassName="hc-fe-dialog__content"
      header={
        <div className="hc-fe-title" data-testid="edit-modal-title">
          <span className="hc-fe-title__kind">{EDIT_MODAL_TITLES[mode]}</span>
          <span className="hc-fe-title__task">{task.title}</span>
          <span className="hc-fe-title__ids hc-num">
            Video {task.video_id}
            {programId != null && <> · Program {programId}</>}
          </span>
        </div>
      }
      data-testid="edit-modal"
    >
      {mobile ? (
        <StatePanel
          kind="info"
          icon="pi pi-desktop"
          message={messages.editorNotOnMobile}
          action={<Button type="button" label="Close" onClick={props.onClose} />}
          testId="edit-modal-mobile"
        />
      ) : (
        <FrameEditorBody {...props} />
      )}
    </Dialog>
  );
}

function FrameEditorBody(props: EditModalProps) {
  // The frame size and rate come with the keyframe file: without one there is nothing to edit from.
  const file = props.suggestion.keyframe_json_file;
  if (!file) {
    return (
      <StatePanel
        kind="error"
        message="This suggestion has no keyframe file to edit."
        action={<Button type="button" label="Close" onClick={props.onClose} />}
      />
    );
  }
  return <FrameEditorWorkspace {...props} initialFile={file} />;
}

function FrameEditorWorkspace(props: EditModalProps & { initialFile: KeyframeFile }) {
  const { task, suggestion, mode, initialFile } = props;
  const toast = useToast();
  const maxObjects = playerMaxObjects(useSetting(PLAYER_MAX_OBJECTS_SETTING).value);
  const editor = useFrameEditor(initialFile, task.video_id, maxObjects);
  const { file } = editor;
  const fps = file.fps;
  const frameCount = Math.max(1, frameCountOf(task.duration, fps));
  const frameSize = { width: file.input_width, height: file.input_height };
  const isHighlight = task.content_type === 'highlight';

  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const frame = Math.min(useVideoFrame(video, fps), frameCount - 1);
  const group = groupAtFrame(file, frame);

  // What the render follows, and what it accepts.
  const path = useMemo(() => smoothKeyframeFile(file), [file]);
  const minBox = minimumBoxSize(file);
  const minCropHeight = minimumCropHeight(file);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set());
  const [safeArea, setSafeArea] = useState<SafeAreaChoice>('off');
  const [helpOpen, setHelpOpen] = useState(false);
  // The suggestion compared with (and applied per shot): the one opened, as saved, unless another is chosen.
  const options = useMemo(
    () => compareOptions(suggestion, initialFile, props.suggestions ?? []),
    [suggestion, initialFile, props.suggestions],
  );
  const [compareKey, setCompareKey] = useState(options[0]!.key);
  const compared = options.find((o) => o.key === compareKey) ?? options[0]!;
  // The console's own suggestion, once made, is the one compared with (and applied with G).
  const consoleSuggestion = useConsoleSuggestion(task.video_id, (contentId) =>
    setCompareKey(String(contentId)),
  );

  // The time range: the suggestion's, changed through the selector (highlights only).
  const original: TimeRange = { start: suggestion.start_time, end: suggestion.end_time };
  const [range, setRange] = useState<TimeRange>(original);
  const [draft, setDraft] = useState<TimeRange | null>(null);
  const rangeError = isHighlight ? selectedTimeError(draft ?? range) : null;
  const frames = rangeFrames(range, fps);
  const lastFrame = Math.min(frames.endFrame, frameCount - 1);
  const firstFrame = Math.min(frames.startFrame, lastFrame);
  const shots = useMemo(
    () => shotsOf([file, compared.file], 0, frameCount - 1),
    [file, compared.file, frameCount],
  );
  const undersized = useMemo(
    () => undersizedSpans(path, firstFrame, lastFrame),
    [path, firstFrame, lastFrame],
  );
  const differences = useMemo(
    () => pathDifferences(compared.file, file, firstFrame, lastFrame),
    [compared.file, file, firstFrame, lastFrame],
  );

  const create = useCreateVertical();
  const update = useUpdateVertical();
  const [submitted, setSubmitted] = useState<VerticalVideoWriteResult | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;
  const locked = draft !== null || submitted !== null || pending;
  // Writes need the live lease; editing goes on meanwhile (the work is not lost if it comes back).
  const unleased = !lockAllowsActions(props.lock);
  const hasVertical = task.video_url != null || suggestion.vertical_highlight_id != null;

  // Steps count from where the video was last sent (currentTime moves at once; the frame on screen follows).
  const playheadNow = () => (video ? Math.min(frameAtTime(video.currentTime, fps), frameCount - 1) : frame);
  const seek = (target: number) => {
    if (!video) return;
    const to = Math.min(Math.max(Math.round(target), 0), frameCount - 1);
    if (!video.paused) video.pause();
    video.currentTime = timeOfFrame(to, fps);
  };
  const selected =
    group &&
    editor.selectedObjectId !== null &&
    group.objects.some((o) => o.object_id === editor.selectedObjectId)
      ? { groupId: group.group_id, objectId: editor.selectedObjectId }
      : null;

  // Starts at the selected time so the first frame shown is one that will be rendered.
  const startedAt = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    if (!video || startedAt.current === video) return;
    startedAt.current = video;
    video.currentTime = timeOfFrame(Math.round(suggestion.start_time * fps), fps);
  }, [video, suggestion.start_time, fps]);

  const submit = async (kind: 'generate' | 'createNew') => {
    const fence = props.lock.fence;
    if (fence === null) return;
    const call = writeCallFor(mode, kind, original, range);
    await editor.flushLog();
    const body = {
      vertical_content_id: suggestion.vertical_content_id,
      content_type: task.content_type,
      keyframe: file,
      start_time: range.start,
      end_time: range.end,
      reason: props.reasons,
      fence,
    };
    try {
      const result = await (call === 'create' ? create : update).mutateAsync(body);
      setSubmitted(result);
      toast.success(verticalCreated(verticalResultsScreen(task.content_type)), { position: 'bottom-left' });
      props.onSubmitted(result);
    } catch (error) {
      setErrorText(
        error instanceof ApiError || error instanceof Error ? error.message : messages.somethingWentWrong,
      );
      if (error instanceof ApiError && error.status === 409 && isLockRefusal(error.message)) {
        props.lock.lose(error.message);
      }
    }
  };

  const saveRange = () => {
    if (!draft || selectedTimeError(draft) !== null) return;
    setRange(draft);
    setDraft(null);
    // A range moved past the suggestion's gets groups over all its frames.
    const saved = rangeFrames(draft, fps);
    editor.cover(saved.startFrame, Math.min(saved.endFrame, frameCount - 1));
    seek(Math.round(draft.start * fps));
  };

  const nudge = (dx: number, dy: number) => {
    if (!group || !selected) return;
    const object = group.objects.find((o) => o.object_id === selected.objectId);
    if (!object) return;
    const r = objectRectAt(object, frame, frameSize);
    editor.modifyKeyframe(group.group_id, object.object_id, frame, r.x + dx, r.y + dy);
  };

  const deleteObject = (groupId: number, objectId: number) => {
    if (!editor.deleteObject(groupId, objectId)) return;
    const after = editor.latest();
    // Bottom-left: the top bar's toast lane lies under the editor's modal mask.
    toast.undoable(cropMessages.objectDeleted(objectId), () => void editor.undoIf(after), {
      position: 'bottom-left',
    });
  };

  const toggleHidden = (objectId: number) =>
    setHidden((now) => {
      const next = new Set(now);
      if (!next.delete(objectId)) next.add(objectId);
      return next;
    });

  const jumpShot = (direction: 1 | -1) => {
    const at = playheadNow();
    const shot = shotAt(shots, at);
    if (!shot) return;
    const index = shots.indexOf(shot);
    if (direction === 1) {
      const next = shots[index + 1];
      if (next) seek(next.start);
    } else {
      seek(at > shot.start ? shot.start : (shots[index - 1]?.start ?? shot.start));
    }
  };

  const copyToNextKeyframe = () => {
    if (!group || !selected) return;
    const to = adjacentKeyframe(file, frame, 1, selected.objectId);
    if (to === null || to > group.end_frame) return toast.info(cropMessages.noNextKeyframe);
    editor.copyBox(frame, to);
  };

  const holdToShotEnd = () => {
    const shot = shotAt(shots, frame);
    if (!group || !selected || !shot) return;
    editor.holdBox(frame, Math.min(shot.end, group.end_frame));
  };

  const applySuggestion = () => {
    const shot = shotAt(shots, frame);
    if (!shot || !editor.applySuggestion(compared.file, shot)) toast.info(cropMessages.suggestionMissing);
  };

  const suggestCrop = (whole: boolean) => {
    const shot = whole ? null : shotAt(shots, frame);
    consoleSuggestion.request(shot ? { start: shot.start, end: shot.end } : null);
  };

  const run = (shortcut: EditorShortcut) => {
    switch (shortcut.type) {
      case 'help':
        return setHelpOpen(true);
      case 'cycleSafeArea':
        return setSafeArea(nextSafeArea);
      case 'toggleVisibility':
        return selected && toggleHidden(selected.objectId);
      case 'keyframe': {
        const to = adjacentKeyframe(file, playheadNow(), shortcut.direction, selected?.objectId);
        return to !== null && seek(to);
      }
      case 'shot':
        return jumpShot(shortcut.direction);
      case 'saveRange':
        return saveRange();
      case 'togglePlay':
        return togglePlay(video);
      case 'step':
        return seek(playheadNow() + shortcut.frames);
      case 'stepSeconds':
        return seek(playheadNow() + shortcut.seconds * fps);
      case 'jump':
        return seek(shortcut.to === 'start' ? frames.startFrame : frames.endFrame);
    }
    if (locked) return;
    switch (shortcut.type) {
      case 'split':
        return void editor.split(frame);
      case 'createKeyframe':
        return void editor.createKeyframe(frame);
      case 'deleteKeyframe':
        return selected && void editor.deleteKeyframe(selected.groupId, selected.objectId, frame);
      case 'deleteObject':
        return selected && deleteObject(selected.groupId, selected.objectId);
      case 'copyToNextKeyframe':
        return copyToNextKeyframe();
      case 'holdToShotEnd':
        return holdToShotEnd();
      case 'applySuggestion':
        return applySuggestion();
      case 'suggestCrop':
        return suggestCrop(shortcut.whole);
      case 'addObject':
        return editor.canAddObject(frame) && void editor.addObject(frame);
      case 'undo':
        return void editor.undo();
      case 'nudge':
        return nudge(shortcut.dx, shortcut.dy);
    }
  };

  // One window listener, in the capture phase (the dialog stops some keys on their way up); it reads the
  // latest render's handler.
  const onKey = useRef<(event: KeyboardEvent) => void>(() => undefined);
  useEffect(() => {
    onKey.current = (event) => {
      if (event.defaultPrevented || errorText !== null || helpOpen) return;
      const target = event.target as HTMLElement | null;
      // Space and Enter on a focused button press that button.
      if (
        (event.code === 'Space' || event.code === 'Enter') &&
        target?.closest?.('button, a, [role="button"]')
      ) {
        if (!event.shiftKey) return;
      }
      // Keys in an open panel (Remove frames), on a focused keyframe mark and on the smoothing slider
      // belong to them.
      if (target?.closest?.('.p-overlaypanel, .hc-fe-tl__key, [role="slider"]')) return;
      const shortcut = editorShortcutFor(event, isTextField(event.target));
      if (!shortcut) return;
      event.preventDefault();
      run(shortcut);
    };
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey.current(event);
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, []);

  // The footer's handlers never change (it is a memo component, not rendered at every frame).
  const onUndo = useStableHandler(() => void editor.undo());
  const onReset = useStableHandler(() => editor.reset());
  const onClearGroups = useStableHandler(() => editor.clearGroups());
  const onRemoveFrames = useStableHandler(
    (from: number, to: number) =>
      selected && editor.removeFrames(selected.groupId, selected.objectId, from, to),
  );
  const onClose = useStableHandler(() => props.onClose());
  const onSubmit = useStableHandler((kind: 'generate' | 'createNew') => void submit(kind));

  return (
    <div className="hc-fe" data-testid="frame-editor" data-locked={locked}>
      {/* On top, where the eye is after Generate: the editor below is locked from now on. */}
      {submitted && (
        <section className="hc-fe-render" data-testid="fe-render">
          <Message
            severity="success"
            text={verticalCreated(verticalResultsScreen(task.content_type))}
            className="hc-fe-render__message"
          />
          <RenderProgress jobId={submitted.job_id} task={task} onFailed={setErrorText} />
        </section>
      )}
      {isHighlight && (
        <TimeRangeBar
          range={range}
          draft={draft}
          duration={task.duration}
          error={rangeError}
          playhead={frame / fps}
          onEdit={() => setDraft(range)}
          onChange={setDraft}
          onSave={saveRange}
          onRevert={() => setDraft(null)}
        />
      )}

      <div className="hc-fe__workspace">
        <div className="hc-fe__viewer">
          {undersized.length > 0 && (
            <Message
              severity="warn"
              className="hc-fe__warning"
              text={cropMessages.editorWarning(undersized.length, minCropHeight)}
              data-testid="fe-upscale-warning"
            />
          )}
          <div className="hc-fe__stage">
            <FrameCanvas
              file={file}
              path={path}
              frame={frame}
              videoUrl={mp4Url(task.src_video_url)}
              selected={selected}
              hidden={hidden}
              minBox={minBox}
              minCropHeight={minCropHeight}
              safeArea={safeArea}
              locked={locked}
              onVideo={setVideo}
              onSelect={(_groupId, objectId) => editor.select(objectId)}
              onMoveObject={(groupId, objectId, x, y) => {
                if (!locked) editor.modifyKeyframe(groupId, objectId, frame, x, y);
              }}
              onResizeObject={(groupId, objectId, box) => {
                if (!locked) editor.resizeObject(groupId, objectId, frame, box);
              }}
            />
            <LivePreview
              video={video}
              path={path}
              frame={frame}
              safeArea={safeArea}
              minCropHeight={minCropHeight}
            />
          </div>
          <Transport
            video={video}
            frame={frame}
            frameCount={frameCount}
            fps={fps}
            groupId={group?.group_id ?? null}
            onStep={(by) => seek(playheadNow() + by)}
          />
        </div>
        <ObjectPanel
          group={group}
          frame={frame}
          frameSize={frameSize}
          selectedObjectId={selected?.objectId ?? null}
          locked={locked}
          maxObjects={maxObjects}
          canAddObject={!!group && editor.canAddObject(frame)}
          onSelect={editor.select}
          onAddObject={() => editor.addObject(frame)}
          onDeleteObject={(objectId) => group && deleteObject(group.group_id, objectId)}
          hidden={hidden}
          onToggleHidden={toggleHidden}
          smoothing={file.smoothing_seconds ?? 0}
          onSmoothing={editor.setSmoothing}
          safeArea={safeArea}
          onSafeArea={setSafeArea}
          compareOptions={options}
          compareKey={compared.key}
          onCompare={setCompareKey}
          onCopyToNextKeyframe={copyToNextKeyframe}
          onHoldToShotEnd={holdToShotEnd}
          onApplySuggestion={applySuggestion}
          consoleSuggestion={consoleSuggestion.state}
          onSuggestCrop={suggestCrop}
          onHelp={() => setHelpOpen(true)}
          onCreateKeyframe={() => editor.createKeyframe(frame)}
          onDeleteKeyframe={(objectId) => group && editor.deleteKeyframe(group.group_id, objectId, frame)}
          onSplit={() => editor.split(frame)}
        />
      </div>

      <Timeline
        file={file}
        frameCount={frameCount}
        frame={frame}
        range={isHighlight ? frames : undefined}
        selected={selected}
        compared={compared}
        differences={differences}
        undersized={undersized}
        shots={shots}
        onSeek={seek}
        onSelect={(groupId, objectId) => editor.select(objectId)}
        onMoveKeyframe={(groupId, objectId, from, to) => {
          if (!locked) editor.moveKeyframe(groupId, objectId, from, to);
        }}
        onDeleteKeyframe={(groupId, objectId, at) => {
          if (!locked) editor.deleteKeyframe(groupId, objectId, at);
        }}
      />

      {!submitted && <LockNotice lock={props.lock} testId="fe-lock-notice" />}
      <EditorFooter
        locked={locked}
        canUndo={editor.canUndo}
        canWrite={!locked && !unleased && rangeError === null}
        group={group}
        selectedObjectId={selected?.objectId ?? null}
        submitted={submitted !== null}
        hasVertical={hasVertical}
        creatingNew={create.isPending && !update.isPending}
        pending={pending}
        onUndo={onUndo}
        onReset={onReset}
        onClearGroups={onClearGroups}
        onRemoveFrames={onRemoveFrames}
        onClose={onClose}
        onSubmit={onSubmit}
      />

      <ShortcutOverlay visible={helpOpen} onClose={() => setHelpOpen(false)} />
      <Dialog
        visible={errorText !== null}
        onHide={() => setErrorText(null)}
        header={messages.verticalErrorTitle}
        modal
        draggable={false}
        resizable={false}
        className="hc-fe-error"
        data-testid="fe-error-dialog"
        footer={<Button type="button" label="OK" autoFocus onClick={() => setErrorText(null)} />}
      >
        <p className="hc-fe-error__text" data-testid="fe-error-text">
          {errorText}
        </p>
      </Dialog>
    </div>
  );
}
