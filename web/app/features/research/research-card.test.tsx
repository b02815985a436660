import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { researchItems } from '../../content/research-items.ts';
import { ResearchCard } from './research-card.tsx';

const [item] = researchItems;
if (!item) throw new Error('no research items');

afterEach(cleanup);

describe('ResearchCard', () => {
  it('is built with its Download button disabled: without scripts it would do nothing', () => {
    expect(renderToString(<ResearchCard item={item} onDownload={() => {}} />)).toMatch(
      /<button[^>]*disabled=""[^>]*>Download/,
    );
  });

  it('says so on the card when the download dialog could not load', () => {
    const onDownload = vi.fn();
    render(<ResearchCard item={item} onDownload={onDownload} downloadFailed />);
    expect(screen.getByRole('alert').textContent).toMatch(/did not load.*press Download again/);
    screen.getByRole('button', { name: /^Download/ }).click();
    expect(onDownload).toHaveBeenCalledWith(item);
  });

  it('ignores presses while the dialog is on its way', () => {
    const onDownload = vi.fn();
    render(<ResearchCard item={item} onDownload={onDownload} downloadPending />);
    screen.getByRole('button', { name: /^Download/ }).click();
    expect(onDownload).not.toHaveBeenCalled();
  });
});
