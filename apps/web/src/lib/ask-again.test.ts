import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { askAgain } from './ask-again.ts';
import { askAgainOnConnect, PUSH_FED } from './live.ts';

const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
afterEach(() => client.clear());
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A query answered by `answers` in turn (the last one again after that); `shown` puts it on screen. */
function cachedQuery(
  queryKey: QueryKey,
  answers: (() => Promise<string>)[],
  { shown = true, meta }: { shown?: boolean; meta?: Record<string, unknown> } = {},
) {
  let asked = 0;
  const queryFn = () => answers[Math.min(asked++, answers.length - 1)]!();
  const observer = new QueryObserver<string>(client, { queryKey, queryFn, meta });
  const unsubscribe = shown ? observer.subscribe(() => undefined) : () => undefined;
  if (!shown) void client.prefetchQuery({ queryKey, queryFn, meta });
  return { asked: () => asked, data: () => client.getQueryData<string>(queryKey), unsubscribe };
}

describe('askAgain', () => {
  it('fetches a query on screen again', async () => {
    const list = cachedQuery(['list'], [async () => 'before', async () => 'after']);
    await settled();
    await askAgain(client, { queryKey: ['list'] });
    expect(list.data()).toBe('after');
    list.unsubscribe();
  });

  it('replaces a first load in flight, whose answer may predate the reason to ask', async () => {
    let answerStale: (value: string) => void = () => undefined;
    const list = cachedQuery(
      ['list'],
      [() => new Promise<string>((resolve) => (answerStale = resolve)), async () => 'after'],
    );
    await settled();
    const asked = askAgain(client, { queryKey: ['list'] });
    answerStale('before');
    await asked;
    await settled();
    expect(list.data()).toBe('after');
    expect(list.asked()).toBe(2);
    list.unsubscribe();
  });

  it('leaves a query off screen for its next use, and others alone', async () => {
    const hidden = cachedQuery(['list', 2], [async () => 'before', async () => 'after'], { shown: false });
    const other = cachedQuery(['other'], [async () => 'kept', async () => 'asked']);
    await settled();
    await askAgain(client, { queryKey: ['list'] });
    expect(hidden.asked()).toBe(1);
    expect(client.getQueryState(['list', 2])?.isInvalidated).toBe(true);
    expect(other.data()).toBe('kept');
    other.unsubscribe();
  });
});

describe('askAgainOnConnect', () => {
  it('asks the push-fed queries again after the first connect, everything after a reconnect', async () => {
    const counts = cachedQuery(['counts'], [async () => 'read before joining', async () => 'fresh'], {
      meta: PUSH_FED,
    });
    const config = cachedQuery(['config'], [async () => 'config', async () => 'config again']);
    await settled();
    await askAgainOnConnect(client, false);
    expect(counts.data()).toBe('fresh');
    expect(config.asked()).toBe(1);
    await askAgainOnConnect(client, true);
    expect(config.data()).toBe('config again');
    counts.unsubscribe();
    config.unsubscribe();
  });
});
