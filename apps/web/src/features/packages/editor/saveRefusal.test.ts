import { describe, expect, it } from 'vitest';
import { embedNameInUse, messages, packageNameInUse } from '@hc/shared/messages';
import { fieldRefusal, refusalShown } from './saveRefusal.ts';

describe('save refusals', () => {
  const sent = { name: 'Derby day', alias: 'AUDIT-X' };

  it('points a name or embed name in use at its field', () => {
    expect(fieldRefusal(409, packageNameInUse('Derby day'), sent)).toEqual({
      field: 'name',
      message: packageNameInUse('Derby day'),
      value: 'Derby day',
    });
    expect(fieldRefusal(409, embedNameInUse('AUDIT-X'), sent)?.field).toBe('alias');
  });

  it('leaves other refusals to the toast', () => {
    expect(fieldRefusal(409, messages.packageStale, sent)).toBeNull();
    expect(fieldRefusal(400, packageNameInUse('Derby day'), sent)).toBeNull();
    expect(fieldRefusal(409, embedNameInUse(''), { name: 'x', alias: null })).toBeNull();
  });

  it('shows the message while the field still holds the refused value', () => {
    const refusal = fieldRefusal(409, embedNameInUse('AUDIT-X'), sent);
    expect(refusalShown(refusal, 'alias', ' AUDIT-X ')).toBe(embedNameInUse('AUDIT-X'));
    expect(refusalShown(refusal, 'alias', 'AUDIT-Y')).toBeNull();
    expect(refusalShown(refusal, 'name', 'AUDIT-X')).toBeNull();
  });
});
