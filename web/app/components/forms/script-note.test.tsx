import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ScriptNote } from './script-note.tsx';

describe('ScriptNote', () => {
  it('is in the page as built, for a browser that runs no script', () => {
    expect(renderToString(<ScriptNote text="This form needs JavaScript." />)).toContain(
      'This form needs JavaScript.',
    );
  });

  it('is gone once React runs the form', () => {
    const { container } = render(<ScriptNote text="This form needs JavaScript." />);
    expect(container.textContent).toBe('');
  });
});
