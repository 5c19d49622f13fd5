import { describe, expect, it } from 'vitest';
import { KeptPerGeneration } from './kept-per-generation.js';

/** A read the test finishes when it chooses, counting how often it was started. */
function controlledRead<V>() {
  const started: ((value: V) => void)[] = [];
  const failures: ((error: Error) => void)[] = [];
  const read = () =>
    new Promise<V>((resolve, reject) => {
      started.push(resolve);
      failures.push(reject);
    });
  return { read, started, failures };
}

describe('values kept per content generation', () => {
  it('keeps a read value and serves it without reading again until the generation moves', async () => {
    const kept = new KeptPerGeneration<string>(10);
    const { read, started } = controlledRead<string>();
    const first = kept.get('q1', read);
    started[0]?.('list one');
    expect(await first).toBe('list one');
    expect(await kept.get('q1', read)).toBe('list one');
    expect(started).toHaveLength(1);
    kept.forget();
    const after = kept.get('q1', read);
    expect(started).toHaveLength(2);
    started[1]?.('list two');
    expect(await after).toBe('list two');
  });

  it('shares one read among the callers that ask while it runs', async () => {
    const kept = new KeptPerGeneration<string>(10);
    const { read, started } = controlledRead<string>();
    const asked = [kept.get('q1', read), kept.get('q1', read), kept.get('q1', read)];
    expect(started).toHaveLength(1);
    started[0]?.('shared');
    expect(await Promise.all(asked)).toEqual(['shared', 'shared', 'shared']);
  });

  it('serves a value read across a drop to its caller but does not keep it', async () => {
    const kept = new KeptPerGeneration<string>(10);
    const { read, started } = controlledRead<string>();
    const before = kept.get('q1', read);
    kept.forget(); // a write landed while the list was read
    started[0]?.('maybe stale');
    expect(await before).toBe('maybe stale');
    const next = kept.get('q1', read);
    expect(started).toHaveLength(2);
    started[1]?.('fresh');
    expect(await next).toBe('fresh');
  });

  it('keeps no failed read: the next caller reads again', async () => {
    const kept = new KeptPerGeneration<string>(10);
    const { read, started, failures } = controlledRead<string>();
    const failing = kept.get('q1', read);
    failures[0]?.(new Error('the database went away'));
    await expect(failing).rejects.toThrow('the database went away');
    const retry = kept.get('q1', read);
    expect(started).toHaveLength(2);
    started[1]?.('back');
    expect(await retry).toBe('back');
  });

  it('keeps at most its capacity, dropping the oldest first', async () => {
    const kept = new KeptPerGeneration<string>(2);
    let reads = 0;
    const read = (value: string) => () => {
      reads += 1;
      return Promise.resolve(value);
    };
    await kept.get('a', read('A'));
    await kept.get('b', read('B'));
    await kept.get('c', read('C'));
    expect(reads).toBe(3);
    await kept.get('b', read('B'));
    await kept.get('c', read('C'));
    expect(reads).toBe(3);
    await kept.get('a', read('A'));
    expect(reads).toBe(4);
  });
});
