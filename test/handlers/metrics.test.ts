// The Lambda entry points publish CloudWatch metrics in the embedded metric format: requests by
// outcome with their latency, and the sweep's tables.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordRequest, recordSweep } from '../../lambdas/handlers/metrics.ts';

const published = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls
    .map((c) => String(c[0]))
    .filter((line) => line.includes('_aws'))
    .map((line) => JSON.parse(line));

describe('metrics of the Lambda entry points', () => {
  afterEach(() => vi.restoreAllMocks());

  it('an API request is counted by outcome with its latency', () => {
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    recordRequest(422, 12);
    const [emf] = published(spy);
    const names = emf._aws.CloudWatchMetrics[0].Metrics.map((m: { Name: string }) => m.Name);
    expect(names).toEqual(expect.arrayContaining(['Requests', 'Refusals', 'Latency']));
    expect(emf.Refusals).toBe(1);
    expect(emf.Latency).toBe(12);
  });

  it('a sweep reports the tables it finished and those that failed', () => {
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    recordSweep(3, 1);
    const [emf] = published(spy);
    expect([emf.TablesSwept, emf.SweepFailures]).toEqual([3, 1]);
  });
});
