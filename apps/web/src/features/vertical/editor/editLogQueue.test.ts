import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEditLogQueue, type QueueableEntry } from './editLogQueue.ts';

const entry = (action: string, over: Partial<QueueableEntry> = {}): QueueableEntry => ({
  action,
  frame: 10,
  group_id: 1,
  object_id: 1,
  old_value: null,
  new_value: null,
  timestamp: 0,
  ...over,
});

describe('createEditLogQueue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends other actions at once, in order', async () => {
    const sent: string[] = [];
    const queue = createEditLogQueue({ send: async (e) => sent.push(e.action), debounceMs: 1000 });
    queue.push([entry('GROUP_SPLIT'), entry('CREATE_OBJECT')]);
    await queue.flush();
    expect(sent).toEqual(['GROUP_SPLIT', 'CREATE_OBJECT']);
  });

  it('logs a run of keyframe saves once, 1000 ms after the last, from first old to last new value', async () => {
    const sent: QueueableEntry[] = [];
    const queue = createEditLogQueue({ send: async (e) => sent.push(e), debounceMs: 1000 });
    queue.push([entry('MODIFY_KEYFRAME', { old_value: '0,0', new_value: '2,0', timestamp: 1 })]);
    await vi.advanceTimersByTimeAsync(900);
    queue.push([entry('MODIFY_KEYFRAME', { old_value: '2,0', new_value: '4,0', timestamp: 2 })]);
    await vi.advanceTimersByTimeAsync(900);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toEqual([entry('MODIFY_KEYFRAME', { old_value: '0,0', new_value: '4,0', timestamp: 2 })]);
  });

  it('keeps saves of different keyframes apart', async () => {
    const sent: QueueableEntry[] = [];
    const queue = createEditLogQueue({ send: async (e) => sent.push(e), debounceMs: 1000 });
    queue.push([entry('MODIFY_KEYFRAME', { frame: 1, new_value: 'a' })]);
    queue.push([entry('MODIFY_KEYFRAME', { frame: 2, new_value: 'b' })]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.map((e) => e.new_value)).toEqual(['a', 'b']);
  });

  it('sends a waiting keyframe save before a later change of another kind', async () => {
    const sent: string[] = [];
    const queue = createEditLogQueue({ send: async (e) => sent.push(e.action), debounceMs: 1000 });
    queue.push([entry('MODIFY_KEYFRAME'), entry('UNDO')]);
    await queue.flush();
    expect(sent).toEqual(['MODIFY_KEYFRAME', 'UNDO']);
  });

  it('goes on after a failed call and reports it', async () => {
    const sent: string[] = [];
    const failures: string[] = [];
    const queue = createEditLogQueue({
      send: async (e) => {
        if (e.action === 'RESET') throw new Error('down');
        sent.push(e.action);
      },
      debounceMs: 1000,
      onError: (_error, e) => failures.push(e.action),
    });
    queue.push([entry('RESET'), entry('CREATE_OBJECT')]);
    await queue.flush();
    expect(failures).toEqual(['RESET']);
    expect(sent).toEqual(['CREATE_OBJECT']);
  });

  it('sends a refused entry again after the wait it is told, in order, and gives up when told to', async () => {
    const sent: string[] = [];
    const failures: string[] = [];
    let refusals = 2;
    const queue = createEditLogQueue<QueueableEntry>({
      send: async (e) => {
        if (e.action === 'GROUP_SPLIT' && refusals-- > 0) throw new Error('429');
        if (e.action === 'RESET') throw new Error('400');
        sent.push(e.action);
      },
      debounceMs: 1000,
      retryAfterMs: (error, attempt) => ((error as Error).message === '429' && attempt < 5 ? 1000 : null),
      onError: (_error, e) => failures.push(e.action),
    });
    queue.push([entry('GROUP_SPLIT'), entry('RESET'), entry('CREATE_OBJECT')]);
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1001);
    await queue.flush();
    expect(sent).toEqual(['GROUP_SPLIT', 'CREATE_OBJECT']);
    expect(failures).toEqual(['RESET']);
  });
});
