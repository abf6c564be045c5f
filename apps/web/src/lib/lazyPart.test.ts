import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadWithRetries } from './lazyPart.ts';

/** A load that fails `failures` times (as a dropped network does), then gives its module. */
function flakyLoad(failures: number) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls++;
    if (calls <= failures) throw new TypeError(`Failed to fetch dynamically imported module (${calls})`);
    return { default: 'the part' };
  });
  return load;
}

describe('loadWithRetries', () => {
  // The unit tests run under Node, which has no window; the loader listens on it for the browser's
  // 'online', which a plain EventTarget lets a test send.
  beforeEach(() => vi.stubGlobal('window', new EventTarget()));
  afterEach(() => vi.unstubAllGlobals());

  it('asks again after failed loads and gives the module once one succeeds', async () => {
    const load = flakyLoad(2);
    await expect(loadWithRetries(load, { attempts: 5, delays: [1] })).resolves.toEqual({
      default: 'the part',
    });
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('gives the last error once its attempts are spent', async () => {
    const load = flakyLoad(10);
    await expect(loadWithRetries(load, { attempts: 3, delays: [1] })).rejects.toThrow('(3)');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('asks again at once when the browser comes back online, not after the whole wait', async () => {
    const load = flakyLoad(1);
    const loaded = loadWithRetries(load, { attempts: 2, delays: [600_000] });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    window.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toEqual({ default: 'the part' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
