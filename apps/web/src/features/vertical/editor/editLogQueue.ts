// The frame editor's edit log on its way to POST audit_log/create. Entries are
// sent one after another so the server records them in the order they happened. Keyframe saves
// (MODIFY_KEYFRAME) wait KEYFRAME_SAVE_DEBOUNCE_MS after the last change of the same keyframe, so a drag
// or a run of nudges is logged once, from its first old value to its last new value. Any other entry
// first sends the waiting keyframe saves, keeping the order. A call refused for now (too many at once, the
// server busy or out of reach) is sent again after a wait, a few times, still in order; a failed call never
// stops the editing: it is reported on the console and the next entry goes on.

/** The fields of an edit-log entry the queue reads. */
export interface QueueableEntry {
  action: string;
  frame: number | null;
  group_id: number | null;
  object_id: number | null;
  old_value: string | null;
  new_value: string | null;
  timestamp: number;
}

export const DEBOUNCED_ACTIONS: ReadonlySet<string> = new Set(['MODIFY_KEYFRAME']);

export interface EditLogQueue<E extends QueueableEntry> {
  push(entries: readonly E[]): void;
  /** Sends the waiting keyframe saves now (before a submit, on close). Resolves when all were sent. */
  flush(): Promise<void>;
}

export interface EditLogQueueOptions<E> {
  send(entry: E): Promise<unknown>;
  debounceMs: number;
  onError?(error: unknown, entry: E): void;
  /** How long to wait before sending again after `error` on try `attempt` (1, 2, …); null: give up. */
  retryAfterMs?(error: unknown, attempt: number): number | null;
}

const keyOf = (e: QueueableEntry) => `${e.group_id}:${e.object_id}:${e.frame}`;

/** Merges a later change of the same keyframe into the waiting one: first old value, last new value. */
export function mergeKeyframeSave<E extends QueueableEntry>(waiting: E, later: E): E {
  return { ...later, old_value: waiting.old_value };
}

export function createEditLogQueue<E extends QueueableEntry>(
  options: EditLogQueueOptions<E>,
): EditLogQueue<E> {
  const waiting = new Map<string, { entry: E; timer: ReturnType<typeof setTimeout> }>();
  let chain: Promise<void> = Promise.resolve();

  const sendWithRetries = async (entry: E): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      try {
        await options.send(entry);
        return;
      } catch (error) {
        const wait = options.retryAfterMs?.(error, attempt) ?? null;
        if (wait === null) {
          if (options.onError) options.onError(error, entry);
          else console.error(`edit log: ${entry.action} was not recorded`, error);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  };

  const enqueue = (entry: E) => {
    chain = chain.then(() => sendWithRetries(entry));
  };

  const release = (key: string) => {
    const item = waiting.get(key);
    if (!item) return;
    clearTimeout(item.timer);
    waiting.delete(key);
    enqueue(item.entry);
  };
  const releaseAll = () => [...waiting.keys()].forEach(release);

  return {
    push(entries) {
      for (const entry of entries) {
        if (!DEBOUNCED_ACTIONS.has(entry.action)) {
          releaseAll();
          enqueue(entry);
          continue;
        }
        const key = keyOf(entry);
        const before = waiting.get(key);
        if (before) clearTimeout(before.timer);
        waiting.set(key, {
          entry: before ? mergeKeyframeSave(before.entry, entry) : entry,
          timer: setTimeout(() => release(key), options.debounceMs),
        });
      }
    },
    flush() {
      releaseAll();
      return chain;
    },
  };
}
