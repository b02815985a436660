import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';

describe('Button', () => {
  it('prerenders a submit button disabled: the browser must not send the form before React runs', () => {
    expect(renderToString(<Button type="submit">Send</Button>)).toMatch(/<button[^>]*disabled=""/);
    expect(renderToString(<Button>Open</Button>)).not.toContain('disabled');
  });

  it('enables the submit button in the browser, and disables it while busy', () => {
    const { rerender } = render(<Button type="submit">Send</Button>);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    rerender(
      <Button type="submit" busy>
        Send
      </Button>,
    );
    const busy = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
  });

  it('shows a pending action busy but keeps the button enabled, so it keeps focus', () => {
    render(<Button pending>Download</Button>);
    const pending = screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement;
    expect(pending.disabled).toBe(false);
    expect(pending.getAttribute('aria-busy')).toBe('true');
    expect(pending.querySelector('.btn__spinner')).not.toBeNull();
  });
});
