import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { featuresPageCopy } from '../../content/features-page.ts';
import { ComparisonTable } from './comparison-table.tsx';

afterEach(cleanup);

const { comparison } = featuresPageCopy;

describe('ComparisonTable', () => {
  it('is a table with a caption and scoped column and row headers', () => {
    render(<ComparisonTable comparison={comparison} />);
    const table = screen.getByRole('table', { name: comparison.caption });
    const columnHeaders = within(table).getAllByRole('columnheader');
    expect(columnHeaders.map((header) => header.textContent)).toEqual([
      comparison.capabilityHeader,
      ...comparison.columns.map((column) => column.label),
    ]);
    for (const header of columnHeaders) expect(header.getAttribute('scope')).toBe('col');
    const rowHeaders = within(table).getAllByRole('rowheader');
    expect(rowHeaders.map((header) => header.textContent)).toEqual(
      comparison.rows.map((row) => row.capability),
    );
    for (const header of rowHeaders) expect(header.getAttribute('scope')).toBe('row');
  });

  it('writes out every rating, so none is conveyed by colour or icon alone', () => {
    render(<ComparisonTable comparison={comparison} />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(comparison.rows.length);
    rows.forEach((row, rowIndex) => {
      const cells = within(row).getAllByRole('cell');
      comparison.columns.forEach((column, columnIndex) => {
        const expected = comparison.rows[rowIndex]?.cells[column.id];
        const text = cells[columnIndex]?.textContent ?? '';
        expect(text).toContain(comparison.ratingLabels[expected?.rating ?? 'supported']);
        expect(text).toContain(expected?.note ?? '');
      });
    });
    for (const svg of document.querySelectorAll('svg')) {
      expect(svg.getAttribute('aria-hidden')).toBe('true');
    }
  });

  it('makes the scrollable table reachable by keyboard and names the region', () => {
    render(<ComparisonTable comparison={comparison} />);
    const region = screen.getByRole('region', { name: comparison.caption });
    expect(region.tabIndex).toBe(0);
    for (const column of comparison.columns) {
      expect(screen.getByText(column.description)).toBeTruthy();
    }
  });
});
