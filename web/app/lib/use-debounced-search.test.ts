import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedSearch } from './use-debounced-search.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useDebouncedSearch', () => {
  it('shows the text at once and hands it to filtering 300 ms after typing stops', () => {
    const { result } = renderHook(() => useDebouncedSearch());
    act(() => result.current.setText('i'));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.setText('ia'));
    act(() => vi.advanceTimersByTime(299));
    expect(result.current.text).toBe('ia');
    expect(result.current.term).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.term).toBe('ia');
  });

  it('clears at once and drops a pending term', () => {
    const { result } = renderHook(() => useDebouncedSearch());
    act(() => result.current.setText('iam'));
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.setText('iam role'));
    act(() => result.current.clear());
    expect(result.current).toMatchObject({ text: '', term: '' });
    act(() => vi.advanceTimersByTime(300));
    expect(result.current.term).toBe('');
  });
});
