import { describe, expect, it } from 'vitest';
import { deploymentFrom, deploymentIdOf } from './deployment.ts';
import { foreignStampOf, stampedFor } from '@hc/shared/job-contracts';

describe('deployment namespace', () => {
  it('is one id per database identity, safe in a Redis key', () => {
    const a = deploymentIdOf('postgres|123|hc_a');
    expect(a).toMatch(/^hc-[0-9a-f]{16}$/);
    expect(deploymentIdOf('postgres|123|hc_a')).toBe(a);
    expect(deploymentIdOf('postgres|123|hc_b')).not.toBe(a);
    expect(deploymentIdOf('postgres|124|hc_a')).not.toBe(a);
  });

  it('puts keys and jobs under the id; JOBS_PREFIX replaces the jobs prefix only', () => {
    expect(deploymentFrom('hc-1', 'test')).toMatchObject({ keyPrefix: 'hc-1:', jobsPrefix: 'hc-1:jobs' });
    expect(deploymentFrom('hc-1', 'test', 'bull')).toMatchObject({ keyPrefix: 'hc-1:', jobsPrefix: 'bull' });
  });
});

describe('job stamps', () => {
  it('stamps object data and leaves the rest of it as it was', () => {
    expect(stampedFor('hc-1', { videoId: 3 })).toEqual({ videoId: 3, deployment: 'hc-1' });
  });

  it('names the other deployment of a job stamped by it; own and unstamped jobs are not foreign', () => {
    expect(foreignStampOf('hc-1', { deployment: 'hc-2' })).toBe('hc-2');
    expect(foreignStampOf('hc-1', { deployment: 'hc-1' })).toBeNull();
    expect(foreignStampOf('hc-1', { videoId: 3 })).toBeNull();
    expect(foreignStampOf('hc-1', null)).toBeNull();
  });
});
