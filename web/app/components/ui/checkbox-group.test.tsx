import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckboxField, CheckboxGroup } from './checkbox-group.tsx';

afterEach(cleanup);

const options = [
  { value: 'reseller', label: 'Reseller' },
  { value: 'mssp', label: 'MSSP' },
];

describe('CheckboxGroup', () => {
  it('is a group named by its legend and described by its hint and error', () => {
    render(
      <CheckboxGroup
        id="interests"
        legend="Interests"
        description="Pick any."
        error="Please select at least one interest"
        describedBy="interests-check"
        options={options}
        control={{ name: 'interests' }}
        required
      />,
    );
    // The "*" is hidden from screen readers; the name says "required" in words.
    const group = screen.getByRole('group', { name: /^Interests ?\(required\)$/ });
    expect(group.getAttribute('aria-describedby')).toBe(
      'interests-description interests-error interests-check',
    );
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['reseller', 'mssp']);
    for (const box of boxes) expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('checkbox', { name: 'MSSP' }).getAttribute('name')).toBe('interests');
  });

  it('reports a blur only when focus leaves the group', async () => {
    const user = userEvent.setup();
    const onBlur = vi.fn();
    render(
      <>
        <CheckboxGroup
          id="interests"
          legend="Interests"
          options={options}
          control={{ name: 'interests', onBlur }}
        />
        <button type="button">Next</button>
      </>,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Reseller' }));
    await user.click(screen.getByRole('checkbox', { name: 'MSSP' }));
    expect(onBlur).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});

describe('CheckboxField', () => {
  it('labels the box and ties its error to it', () => {
    const onChange = vi.fn();
    render(
      <CheckboxField
        id="consent"
        label="I agree"
        required
        error="You must agree"
        control={{ name: 'consent', onChange }}
      />,
    );
    const box = screen.getByRole('checkbox', { name: /I agree/ });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-required')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe('consent-error');
    expect(screen.getByText('You must agree').id).toBe('consent-error');
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
