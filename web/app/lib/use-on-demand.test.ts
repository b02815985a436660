import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useOnDemand } from './use-on-demand.ts';

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('useOnDemand', () => {
  it('loads nothing until asked, then once, however often it is asked', async () => {
    const pending = deferred<string>();
    const load = vi.fn(() => pending.promise);
    const { result } = renderHook(() => useOnDemand(load));
    expect(result.current[0]).toEqual({ status: 'idle' });
    expect(load).not.toHaveBeenCalled();

    act(() => {
      result.current[1]();
      result.current[1]();
    });
    expect(result.current[0]).toEqual({ status: 'loading' });
    await act(async () => pending.resolve('the dialog'));
    expect(result.current[0]).toEqual({ status: 'ready', value: 'the dialog' });
    act(() => result.current[1]());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says when loading failed, and tries again when asked again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('the dialog');
    const { result } = renderHook(() => useOnDemand(load));
    await act(async () => result.current[1]());
    expect(result.current[0]).toMatchObject({ status: 'failed' });
    await act(async () => result.current[1]());
    expect(result.current[0]).toEqual({ status: 'ready', value: 'the dialog' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
