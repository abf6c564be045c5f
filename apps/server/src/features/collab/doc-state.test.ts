// The encoded document state (doc-state.ts) against Yjs's own Y.Doc: whatever order updates arrive in,
// merged at once or lazily, its state vector, diffs and state must be what a Y.Doc holding the same
// updates would answer.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { checkUpdate, DocState, type DocStateLimits } from './doc-state.ts';

const EMPTY_STATE_VECTOR = new Uint8Array([0]);
/** Lets a merge scheduled by `add` run. */
const afterMerge = () => new Promise((resolve) => setImmediate(resolve));

const noBadUpdate = (error: unknown) => {
  throw new Error(`unexpected merge refusal: ${String(error)}`);
};

/** A deterministic random source (mulberry32). */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const itemsOf = (doc: Y.Doc) => doc.getArray<Y.Map<unknown>>('items');
/** A doc's content (toJSON alone skips root types no one asked for by type yet). */
const contentOf = (doc: Y.Doc) => ({ items: itemsOf(doc).toJSON(), notes: doc.getText('notes').toString() });
const vectorOf = (stateVector: Uint8Array) => Object.fromEntries(Y.decodeStateVector(stateVector));
const docOf = (...updates: Uint8Array[]) => {
  const doc = new Y.Doc();
  for (const update of updates) Y.applyUpdate(doc, update);
  return doc;
};

/** One random edit of the shapes the editors make: add, change, remove and reorder items, and text. */
function edit(doc: Y.Doc, random: () => number, n: number) {
  const items = itemsOf(doc);
  const choice = random();
  doc.transact(() => {
    if (items.length < 3 || choice < 0.3) {
      const item = new Y.Map<unknown>();
      item.set('id', n);
      item.set('x', n);
      items.insert(Math.floor(random() * (items.length + 1)), [item]);
    } else if (choice < 0.6) {
      items.get(Math.floor(random() * items.length)).set('x', n);
    } else if (choice < 0.75) {
      items.delete(Math.floor(random() * items.length), 1);
    } else if (choice < 0.9) {
      const from = Math.floor(random() * items.length);
      const copy = new Y.Map<unknown>();
      for (const [key, value] of items.get(from).entries()) copy.set(key, value);
      items.delete(from, 1);
      items.insert(Math.floor(random() * (items.length + 1)), [copy]);
    } else {
      const text = doc.getText('notes');
      if (text.length > 4 && random() < 0.4) text.delete(Math.floor(random() * (text.length - 2)), 2);
      else text.insert(Math.floor(random() * (text.length + 1)), `e${n}`);
    }
  });
}

/**
 * Three editors edit, sometimes offline; the server gets their updates in a random order (gaps
 * included: a later update of a client before an earlier one) and the editors catch up with diffs. At
 * every step the DocState must answer as a Y.Doc given the same updates.
 */
async function simulate(seed: number, limits: DocStateLimits) {
  const random = seeded(seed);
  const state = new DocState(noBadUpdate, limits);
  const reference = new Y.Doc();
  const editors = [0, 1, 2].map(() => new Y.Doc());
  const outbox: Uint8Array[] = [];
  for (const editor of editors) editor.on('update', (update: Uint8Array) => outbox.push(update));
  let merges = 0;
  for (let step = 0; step < 400; step += 1) {
    const roll = random();
    if (roll < 0.5) {
      edit(editors[Math.floor(random() * 3)]!, random, step);
    } else if (roll < 0.85 && outbox.length > 0) {
      // Delivered to the server in any order.
      const [update] = outbox.splice(Math.floor(random() * outbox.length), 1);
      expect(checkUpdate(update!)).toBe(true);
      state.add(update!);
      Y.applyUpdate(reference, update!);
      if (random() < 0.3) {
        const before = state.waiting;
        await afterMerge();
        if (before > 0 && state.waiting === 0) merges += 1;
      }
    } else {
      // An editor syncs: sync step 1 and the server's sync step 2.
      const editor = editors[Math.floor(random() * 3)]!;
      const vector = Y.encodeStateVector(editor);
      const fromState = docOf(Y.encodeStateAsUpdate(editor));
      Y.applyUpdate(fromState, state.diff(vector));
      const fromReference = docOf(Y.encodeStateAsUpdate(editor));
      Y.applyUpdate(fromReference, Y.encodeStateAsUpdate(reference, vector));
      expect(contentOf(fromState)).toEqual(contentOf(fromReference));
      Y.applyUpdate(editor, state.diff(vector), 'server');
      // Its sync step 2 (slices of its items included) passes the check and goes in.
      const step2 = Y.encodeStateAsUpdate(editor, state.stateVector());
      if (checkUpdate(step2)) {
        state.add(step2);
        Y.applyUpdate(reference, step2);
      }
    }
    if (step % 20 === 0) {
      expect(vectorOf(state.stateVector())).toEqual(vectorOf(Y.encodeStateVector(reference)));
      expect(contentOf(docOf(state.current()))).toEqual(contentOf(reference));
    }
  }
  // Everything delivered: the editors, the reference and the state agree.
  for (const update of outbox.splice(0)) {
    state.add(update);
    Y.applyUpdate(reference, update);
  }
  for (const editor of editors) Y.applyUpdate(editor, state.diff(Y.encodeStateVector(editor)));
  expect(vectorOf(state.stateVector())).toEqual(vectorOf(Y.encodeStateVector(reference)));
  const final = contentOf(docOf(state.current()));
  expect(final).toEqual(contentOf(reference));
  for (const editor of editors) expect(contentOf(editor)).toEqual(final);
  expect(itemsOf(reference).length).toBeGreaterThan(0);
  return merges;
}

describe('DocState', () => {
  it('answers state vectors, diffs and the state as a Y.Doc would, merging often', async () => {
    for (const seed of [1, 2, 3])
      expect(await simulate(seed, { updates: 3, bytes: 1024 })).toBeGreaterThan(10);
  });

  it('answers the same when every update waits until a sync reads the state', async () => {
    for (const seed of [4, 5, 6]) expect(await simulate(seed, { updates: 10_000, bytes: 1 << 30 })).toBe(0);
  });

  it('merges waiting updates once they pass the count or byte bound, after the current task', async () => {
    const editor = new Y.Doc();
    const updates: Uint8Array[] = [];
    editor.on('update', (update: Uint8Array) => updates.push(update));
    for (let n = 0; n < 10; n += 1) itemsOf(editor).push([new Y.Map<unknown>([['id', n]])]);
    const byCount = new DocState(noBadUpdate, { updates: 4, bytes: 1 << 20 });
    for (const update of updates.slice(0, 3)) byCount.add(update);
    await afterMerge();
    expect(byCount.waiting).toBe(3);
    byCount.add(updates[3]!);
    expect(byCount.waiting).toBe(4);
    await afterMerge();
    expect(byCount.waiting).toBe(0);
    const big = new Y.Doc();
    big.getText('notes').insert(0, 'x'.repeat(2000));
    const byBytes = new DocState(noBadUpdate, { updates: 100, bytes: 1024 });
    byBytes.add(updates[0]!);
    await afterMerge();
    expect(byBytes.waiting).toBe(1);
    byBytes.add(Y.encodeStateAsUpdate(big));
    await afterMerge();
    expect(byBytes.waiting).toBe(0);
    expect(docOf(byBytes.current()).getText('notes').length).toBe(2000);
  });

  it('gives a new editor the merged state itself, and an up-to-date one nothing but the deletions', () => {
    const editor = new Y.Doc();
    for (let n = 0; n < 5; n += 1) itemsOf(editor).push([new Y.Map<unknown>([['id', n]])]);
    itemsOf(editor).delete(0, 2);
    const state = new DocState(noBadUpdate);
    state.add(Y.encodeStateAsUpdate(editor));
    expect(state.diff(EMPTY_STATE_VECTOR)).toBe(state.current());
    const upToDate = Y.decodeUpdate(state.diff(Y.encodeStateVector(editor)));
    expect(upToDate.structs).toEqual([]);
    expect(upToDate.ds.clients.size).toBe(1);
    expect(() => state.diff(new Uint8Array())).toThrow();
  });

  it('brings two editors with divergent offline edits together', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    const state = new DocState(noBadUpdate);
    for (let n = 0; n < 3; n += 1) itemsOf(a).push([new Y.Map<unknown>([['id', n]])]);
    state.add(Y.encodeStateAsUpdate(a));
    Y.applyUpdate(b, state.diff(Y.encodeStateVector(b)));
    // Both go offline and change the same items.
    itemsOf(a).delete(0, 1);
    itemsOf(a).get(0).set('title', 'from a');
    itemsOf(b).get(2).set('title', 'from b');
    itemsOf(b).insert(0, [new Y.Map<unknown>([['id', 9]])]);
    // Each reconnects: sync step 1 answered with the diff, then its sync step 2 against our state vector.
    for (const editor of [a, b]) {
      Y.applyUpdate(editor, state.diff(Y.encodeStateVector(editor)));
      state.add(Y.encodeStateAsUpdate(editor, state.stateVector()));
    }
    Y.applyUpdate(a, state.diff(Y.encodeStateVector(a)));
    expect(contentOf(a)).toEqual(contentOf(b));
    expect(contentOf(docOf(state.current()))).toEqual(contentOf(a));
    expect(itemsOf(a).map((item) => item.get('id'))).toEqual([9, 1, 2]);
    expect(itemsOf(a).map((item) => item.get('title'))).toEqual([undefined, 'from a', 'from b']);
  });

  it('catches up with a stored state: only what is new, and nothing when nothing is', () => {
    const editor = new Y.Doc();
    for (let n = 0; n < 4; n += 1) itemsOf(editor).push([new Y.Map<unknown>([['id', n]])]);
    itemsOf(editor).delete(0, 1);
    const state = new DocState(noBadUpdate);
    state.add(Y.encodeStateAsUpdate(editor));
    // The database holds what we hold (deletions included), then less than we hold.
    expect(state.catchUp(Y.encodeStateAsUpdate(editor))).toBeNull();
    const earlier = docOf(Y.encodeStateAsUpdate(editor));
    itemsOf(editor).push([new Y.Map<unknown>([['id', 4]])]);
    state.add(Y.encodeStateAsUpdate(editor, Y.encodeStateVector(earlier)));
    expect(state.catchUp(Y.encodeStateAsUpdate(earlier))).toBeNull();
    // A deletion another process stored, with no new item: new.
    itemsOf(earlier).delete(0, 1);
    const deletion = state.catchUp(Y.encodeStateAsUpdate(earlier));
    expect(deletion).not.toBeNull();
    expect(itemsOf(docOf(state.current())).map((item) => item.get('id'))).toEqual([2, 3, 4]);
    // An item another process stored: new, and only that comes back.
    itemsOf(earlier).push([new Y.Map<unknown>([['id', 5]])]);
    const added = Y.decodeUpdate(state.catchUp(Y.encodeStateAsUpdate(earlier))!);
    expect(added.structs.filter((s) => s instanceof Y.Item).length).toBeGreaterThan(0);
    expect(added.structs.every((s) => s.id.client === earlier.clientID)).toBe(true);
    // Concurrent appends: Yjs orders them by client id.
    expect(
      itemsOf(docOf(state.current()))
        .map((item) => item.get('id') as number)
        .sort(),
    ).toEqual([2, 3, 4, 5]);
  });
});

describe('checkUpdate', () => {
  it('says whether an update carries anything, and refuses malformed bytes', () => {
    const doc = new Y.Doc();
    expect(checkUpdate(Y.encodeStateAsUpdate(doc))).toBe(false);
    itemsOf(doc).push([new Y.Map<unknown>()]);
    expect(checkUpdate(Y.encodeStateAsUpdate(doc))).toBe(true);
    expect(() => checkUpdate(new Uint8Array(10).fill(0xff))).toThrow();
  });

  it('refuses an update that decodes but that no Y.Doc can integrate', () => {
    // What a client 7 with these items would have; the update below (found by mutating one of its
    // updates) holds an item whose right origin is a later clock of client 7 itself.
    const doc = new Y.Doc();
    doc.clientID = 7;
    for (let n = 0; n < 5; n += 1)
      itemsOf(doc).insert(0, [
        new Y.Map<unknown>([
          ['id', n],
          ['title', `t${n}`],
        ]),
      ]);
    // prettier-ignore
    const bad = new Uint8Array([1, 3, 7, 3, 71, 7, 53, 1, 40, 0, 7, 3, 2, 105, 100, 1, 125, 1, 40, 0, 7, 3, 5, 116, 105, 116, 108, 101, 1, 119, 2, 116, 49, 0]);
    expect(() => Y.decodeUpdate(bad)).not.toThrow();
    expect(() => Y.mergeUpdates([Y.encodeStateAsUpdate(doc), bad])).not.toThrow();
    expect(() => Y.applyUpdate(docOf(Y.encodeStateAsUpdate(doc)), bad)).toThrow();
    expect(() => checkUpdate(bad)).toThrow('an item points at a later change of its own client');
  });
});

describe('DocState.addWithin', () => {
  const textUpdates = (doc: Y.Doc) => {
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));
    return updates;
  };

  it('refuses a change that would pass the cap and keeps the state as it was', () => {
    const source = new Y.Doc();
    const updates = textUpdates(source);
    source.getText('t').insert(0, 'a'.repeat(600));
    source.getText('t').insert(0, 'b'.repeat(600));
    const state = new DocState(noBadUpdate);
    expect(state.addWithin(updates[0]!, 1000)).toBe(true);
    expect(state.addWithin(updates[1]!, 1000)).toBe(false);
    expect(docOf(state.current()).getText('t').toString()).toBe('a'.repeat(600));
  });

  it('takes a change that repeats the state, counting only what it adds', () => {
    const source = new Y.Doc();
    source.getText('t').insert(0, 'a'.repeat(600));
    const state = new DocState(noBadUpdate);
    expect(state.addWithin(Y.encodeStateAsUpdate(source), 1000)).toBe(true);
    source.getText('t').insert(0, 'more ');
    // The whole document again (600 + 605 bytes look past the cap), of which only 5 characters are new.
    expect(state.addWithin(Y.encodeStateAsUpdate(source), 1000)).toBe(true);
    expect(docOf(state.current()).getText('t').toString()).toBe(`more ${'a'.repeat(600)}`);
    expect(state.size()).toBeLessThan(1000);
  });
});
