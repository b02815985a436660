import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toast } from './toast.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Toast', () => {
  it('keeps an empty polite live region in the page and fills it with the message', () => {
    const { rerender } = render(
      <Toast message={null} dismissLabel="Dismiss" onDismiss={vi.fn()} />,
    );
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');

    rerender(<Toast message="Saved ✓" dismissLabel="Dismiss" onDismiss={vi.fn()} />);
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toContain('Saved ✓');
    expect(region.querySelector('.toast--success')).not.toBeNull();
  });

  it('is dismissed by its button or after its duration', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onDismiss = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <Toast message="Saved ✓" dismissLabel="Dismiss" onDismiss={onDismiss} durationMs={5000} />,
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(onDismiss).toHaveBeenCalledTimes(2);
  });
});
