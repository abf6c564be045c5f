import { describe, expect, it } from 'vitest';
import { COLLAB_CLOSE } from '@hc/shared/api/collab';
import { messages } from '@hc/shared/messages';
import { cutNotice } from './useCollabDoc.ts';

describe('cutNotice', () => {
  it('names the kind of document that grew too large', () => {
    expect(cutNotice(COLLAB_CLOSE.tooLarge, 'package:abc')).toBe(messages.collabPackageTooLarge);
    expect(cutNotice(COLLAB_CLOSE.tooLarge, 'story:12')).toBe(messages.collabStoryTooLarge);
  });

  it('tells an editor cut off for sending too fast, and says nothing for ordinary closes', () => {
    expect(cutNotice(COLLAB_CLOSE.tooFast, 'story:12')).toBe(messages.collabTooFast);
    expect(cutNotice(COLLAB_CLOSE.serverRestart, 'story:12')).toBeNull();
    expect(cutNotice(COLLAB_CLOSE.ticket, 'package:abc')).toBeNull();
    expect(cutNotice(1006, 'package:abc')).toBeNull();
  });
});
