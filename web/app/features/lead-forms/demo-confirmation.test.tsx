import type { Confirmation } from '@kryon/shared/api';
import type { DemoRequest } from '@kryon/shared/forms/demo';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DemoConfirmation } from './demo-confirmation.tsx';

afterEach(cleanup);

const request = {
  demoType: 'technical',
  fullName: 'Ada Lovelace',
  workEmail: 'ada@example.com',
  companyName: 'Analytical Engines',
  timeframe: 'asap',
} as unknown as DemoRequest;

function renderConfirmation(confirmation: Confirmation | undefined) {
  const accepted = {
    success: true as const,
    message: "We'll contact you within 24 hours to schedule.",
    submissionId: 'demo-1',
    timestamp: '2026-11-26T09:00:00.000Z',
    ...(confirmation ? { confirmation } : {}),
  };
  const element = (
    <DemoConfirmation request={request} accepted={accepted} onScheduleAnother={() => {}} />
  );
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />);
  return screen.getByRole('status');
}

describe('DemoConfirmation', () => {
  it('says the confirmation was e-mailed when it was', () => {
    expect(renderConfirmation('sent').textContent).toContain(
      'We have e-mailed you a confirmation.',
    );
  });

  it.each([
    ['pending', 'has not gone out yet'],
    ['not-sent', 'We have not sent you a confirmation e-mail.'],
  ] as const)('never claims an e-mail that is %s', (confirmation, says) => {
    const text = renderConfirmation(confirmation).textContent ?? '';
    expect(text).toContain(says);
    expect(text).not.toMatch(/we have e-mailed/i);
  });

  it('says nothing of an e-mail when the answer does not', () => {
    expect(renderConfirmation(undefined).textContent).not.toMatch(/confirmation e-mail|e-mailed/i);
  });
});
