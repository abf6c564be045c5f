import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { LockChangedEvent } from '@hc/shared/live/events';
import { applyLockChange, pageWithLockChange } from './useLockChanges.ts';

interface Row {
  id: number;
  locked_by: string | null;
  lock_expires_at: string | null;
}
interface Page {
  tasks: Row[];
}

const queryKey = ['vertical', 'tasks', { page: 1 }];
const update = (page: Page, event: LockChangedEvent) =>
  pageWithLockChange<Row, 'tasks', Page>(page, 'tasks', (row) => row.id, event);
const free: Row = { id: 7, locked_by: null, lock_expires_at: null };
const held: Row = { id: 7, locked_by: 'ana@example.com', lock_expires_at: '2030-01-01T00:00:00.000Z' };
const taken: LockChangedEvent = {
  kind: 'vertical_task',
  id: 7,
  holder_email: held.locked_by,
  expires_at: held.lock_expires_at,
};

let client: QueryClient;
afterEach(() => client.clear());

/** A list page as a screen has it: observed, its fetches answered by `answers` in turn. */
function observedPage(answers: (() => Promise<Page>)[]) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  let asked = 0;
  const observer = new QueryObserver<Page>(client, { queryKey, queryFn: () => answers[asked++]!() });
  const unsubscribe = observer.subscribe(() => undefined);
  return { asked: () => asked, unsubscribe };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('applyLockChange', () => {
  it('writes the new holder into a page at rest without asking for it again', async () => {
    const page = observedPage([async () => ({ tasks: [free] })]);
    await settled();
    await applyLockChange(client, 'vertical_task', ['vertical', 'tasks'], update, taken);
    expect(client.getQueryData<Page>(queryKey)?.tasks[0]).toEqual(held);
    expect(page.asked()).toBe(1);
    page.unsubscribe();
  });

  it('asks again for a page read before the change, so its late answer does not bring the old holder back', async () => {
    let answerStale: (page: Page) => void = () => undefined;
    const page = observedPage([
      async () => ({ tasks: [free] }),
      () => new Promise<Page>((resolve) => (answerStale = resolve)), // read before the lock was taken
      async () => ({ tasks: [held] }), // read after
    ]);
    await settled();
    void client.refetchQueries({ queryKey });
    await settled();
    const applied = applyLockChange(client, 'vertical_task', ['vertical', 'tasks'], update, taken);
    answerStale({ tasks: [free] });
    await applied;
    await settled();
    expect(client.getQueryData<Page>(queryKey)?.tasks[0]).toEqual(held);
    expect(page.asked()).toBe(3);
    page.unsubscribe();
  });

  it('leaves pages of another kind of lock alone', async () => {
    const page = observedPage([async () => ({ tasks: [free] })]);
    await settled();
    await applyLockChange(client, 'article', ['vertical', 'tasks'], update, taken);
    expect(client.getQueryData<Page>(queryKey)?.tasks[0]).toEqual(free);
    page.unsubscribe();
  });
});
