import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Autosaver, type AutosaverOptions, retryDelay } from './autosaver';

interface Data {
  text: string;
}

function deferred() {
  let resolve: (value: { lastUpdateDate: string }) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<{ lastUpdateDate: string }>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(overrides: Partial<AutosaverOptions<Data, { lastUpdateDate: string }>> = {}) {
  const form: Data = { text: 'saved' };
  const calls: { text: string; keepalive: boolean }[] = [];
  const save = vi.fn(async (data: Data, options: { keepalive: boolean }) => {
    calls.push({ text: data.text, keepalive: options.keepalive });
    return { lastUpdateDate: 'x' };
  });
  const onSaved = vi.fn();
  const onUnsaved = vi.fn();
  const onFailingChange = vi.fn();
  const saver = new Autosaver<Data, { lastUpdateDate: string }>({
    read: () => ({ ...form }),
    save,
    saved: { text: 'saved' },
    onSaved,
    onUnsaved,
    onFailingChange,
    ...overrides,
  });
  saver.start();
  const type = (text: string) => {
    form.text = text;
    saver.changed();
  };
  return { form, saver, save, calls, onSaved, onUnsaved, onFailingChange, type };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Autosaver', () => {
  it('saves once, 200 ms after the last change', async () => {
    const { calls, type, onSaved, onUnsaved } = setup();
    type('a');
    await vi.advanceTimersByTimeAsync(150);
    type('ab');
    await vi.advanceTimersByTimeAsync(150);
    type('abc');
    await vi.advanceTimersByTimeAsync(199);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ text: 'abc', keepalive: false }]);
    expect(onUnsaved).toHaveBeenCalledWith({ text: 'abc' });
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('asks fields for held-back typing only every 30 s and on leaving, not after each change', async () => {
    const reads: boolean[] = [];
    const form = { text: 'saved' };
    const { saver } = setup({
      read: ({ complete }) => {
        reads.push(complete);
        return { ...form };
      },
    });
    form.text = 'a';
    saver.changed();
    await vi.advanceTimersByTimeAsync(200);
    expect(reads.every((complete) => !complete)).toBe(true);
    reads.length = 0;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reads).toContain(true);
    reads.length = 0;
    await saver.flush();
    expect(reads).toContain(true);
  });

  it('does not save data equal to the last saved copy', async () => {
    const { calls, type } = setup();
    type('saved');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toEqual([]);
  });

  it('never has two saves in flight and then saves the latest data', async () => {
    const pending = [deferred(), deferred()];
    let n = 0;
    const save = vi.fn((_data: Data) => (pending[n++] ?? deferred()).promise);
    const { type } = setup({ save });
    type('one');
    await vi.advanceTimersByTimeAsync(200);
    expect(save).toHaveBeenCalledTimes(1);
    type('two');
    await vi.advanceTimersByTimeAsync(200);
    type('three');
    await vi.advanceTimersByTimeAsync(200);
    expect(save).toHaveBeenCalledTimes(1);
    pending[0]?.resolve({ lastUpdateDate: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]?.[0]).toEqual({ text: 'three' });
  });

  it('saves every 30 s when the data changed since the last save', async () => {
    const { form, calls } = setup();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toEqual([]);
    form.text = 'changed without an event';
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toEqual([{ text: 'changed without an event', keepalive: false }]);
  });

  it('retries failed saves after 2, 5 and 10 s, then every 30 s, and warns after 3 failures', async () => {
    let online = false;
    const save = vi.fn(async () => {
      if (!online) throw new Error('offline');
      return { lastUpdateDate: 'x' };
    });
    const { type, onFailingChange, onSaved } = setup({ save, intervalMs: 1_000_000 });
    type('offline edit');
    await vi.advanceTimersByTimeAsync(200);
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(save).toHaveBeenCalledTimes(1);
    // Changes wait for the scheduled retry.
    type('offline edit 2');
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(2);
    expect(onFailingChange).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(3);
    expect(onFailingChange).toHaveBeenCalledWith(true, expect.any(Error));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(save).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(save).toHaveBeenCalledTimes(4);
    online = true;
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(5);
    expect(onSaved).toHaveBeenCalledWith({ text: 'offline edit 2' }, { lastUpdateDate: 'x' });
    expect(onFailingChange).toHaveBeenLastCalledWith(false, undefined);
  });

  it('flushes at once with keepalive when leaving', async () => {
    const { form, saver, calls, onUnsaved } = setup();
    form.text = 'typed just before closing';
    saver.changed();
    await saver.flush({ keepalive: true });
    expect(onUnsaved).toHaveBeenCalledWith({ text: 'typed just before closing' });
    expect(calls).toEqual([{ text: 'typed just before closing', keepalive: true }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    expect(saver.hasUnsavedChanges()).toBe(false);
  });

  it('stops saving after stop and waits for the save in flight', async () => {
    const pending = deferred();
    const save = vi.fn(() => pending.promise);
    const { saver, type } = setup({ save });
    type('x');
    await vi.advanceTimersByTimeAsync(200);
    let stopped = false;
    const stopping = saver.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    pending.resolve({ lastUpdateDate: 'a' });
    await stopping;
    expect(stopped).toBe(true);
    type('after stop');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);
  });
});

describe('Autosaver.close', () => {
  it('waits for the save in flight, then saves the latest data once, and stops', async () => {
    const first = deferred();
    const save = vi.fn((_data: Data, _options: { keepalive: boolean }) =>
      save.mock.calls.length === 1 ? first.promise : Promise.resolve({ lastUpdateDate: 'b' }),
    );
    const { saver, type, form } = setup({ save });
    type('one');
    await vi.advanceTimersByTimeAsync(200);
    form.text = 'two';
    const closing = saver.close({ keepalive: true });
    first.resolve({ lastUpdateDate: 'a' });
    await closing;
    expect(save.mock.calls.map(([data, options]) => [data.text, options.keepalive])).toEqual([
      ['one', false],
      ['two', true],
    ]);
    type('three');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(2);
  });
});

describe('retryDelay', () => {
  it('backs off 2, 5, 10 s and then 30 s', () => {
    expect([1, 2, 3, 4, 9].map(retryDelay)).toEqual([2000, 5000, 10_000, 30_000, 30_000]);
  });
});
