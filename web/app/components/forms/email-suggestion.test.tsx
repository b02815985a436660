import { contactDefinition } from '@kryon/shared/forms/contact';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactPageCopy } from '../../content/contact-page.ts';
import { emailSuggestionCopy } from '../../content/lead-form-copy.ts';
import type { Submit } from '../../lib/api-client.ts';
import { useLeadForm } from '../../lib/lead-form/use-lead-form.ts';
import { FormFields } from './form-fields.tsx';

afterEach(cleanup);

const accepted = vi.fn<Submit>(async () => ({
  ok: true,
  data: { success: true, message: 'ok', submissionId: 's-1', timestamp: 't' },
}));

/** The contact form's machinery and renderer, with the suggestion's words as pages give them. */
function ContactFields({ submit = accepted }: { submit?: Submit }) {
  const { methods, formRef, field, onSubmit } = useLeadForm({
    definition: contactDefinition,
    submit,
    resetOnSuccess: false,
  });
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      <FormFields
        definition={contactDefinition}
        copy={contactPageCopy.form.fields}
        layout={{ id: (name) => `contact-${name}`, bare: true }}
        control={field}
        errors={methods.formState.errors}
        emailSuggestion={emailSuggestionCopy}
      />
      <button type="submit">Send</button>
    </form>
  );
}

const email = () => screen.getByLabelText(/Work email/) as HTMLInputElement;
const line = () => document.getElementById('contact-email-suggestion') as HTMLElement;

async function fillRest(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Full name/), 'Ada Lovelace');
  await user.selectOptions(screen.getByLabelText(/Subject/), 'pricing');
  await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Pricing for 40 accounts.');
}

describe('the "Did you mean …?" line of an e-mail field', () => {
  it('is a polite live region that describes the input, empty until the field is left', async () => {
    const user = userEvent.setup();
    render(<ContactFields />);
    expect(line().getAttribute('aria-live')).toBe('polite');
    // Described by the sentence alone, not by the buttons' labels after it.
    expect(email().getAttribute('aria-describedby')?.split(' ')).toContain(
      'contact-email-suggestion-text',
    );
    expect(document.getElementById('contact-email-suggestion-text')?.tagName).toBe('P');

    await user.type(email(), 'name@gmial.com');
    expect(line().textContent).toBe('');

    await user.tab();
    await waitFor(() => expect(line().textContent).toContain('Did you mean name@gmail.com?'));
    expect(line().querySelector('b')?.textContent).toBe('name@gmail.com');
    expect(document.getElementById('contact-email-suggestion-text')?.textContent).toBe(
      'Did you mean name@gmail.com?',
    );
  });

  it('puts the suggested address in the field and gives the field its focus back', async () => {
    const user = userEvent.setup();
    render(<ContactFields />);
    await fillRest(user);
    await user.type(email(), 'name@gmial.com');
    await user.tab();

    await user.click(await screen.findByRole('button', { name: 'Yes, use that' }));
    expect(email().value).toBe('name@gmail.com');
    expect(document.activeElement).toBe(email());
    expect(line().textContent).toBe('');

    // The form's own value follows: the corrected address is what is sent.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(accepted).toHaveBeenCalled());
    expect(accepted.mock.lastCall?.[1]).toMatchObject({ email: 'name@gmail.com' });
    expect(accepted.mock.lastCall?.[2]).toBe('name@gmail.com');
  });

  it('works from the keyboard: back from the next field to the buttons, Enter applies', async () => {
    const user = userEvent.setup();
    render(<ContactFields />);
    await user.type(email(), 'name@hotmial.com');
    await user.tab();
    await screen.findByRole('button', { name: 'Yes, use that' });

    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, use that' }));
    await user.keyboard('{Enter}');
    expect(email().value).toBe('name@hotmail.com');
    expect(document.activeElement).toBe(email());
  });

  it('keeps what was typed when asked to, and does not ask again for that address', async () => {
    const user = userEvent.setup();
    render(<ContactFields />);
    await user.type(email(), 'name@gmial.com');
    await user.tab();

    await user.click(await screen.findByRole('button', { name: 'No, keep mine' }));
    expect(email().value).toBe('name@gmial.com');
    expect(document.activeElement).toBe(email());
    expect(line().textContent).toBe('');

    await user.tab();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(line().textContent).toBe('');
  });

  it('goes away as soon as the visitor types in the field again', async () => {
    const user = userEvent.setup();
    render(<ContactFields />);
    await user.type(email(), 'name@gmial.com');
    await user.tab();
    await screen.findByRole('button', { name: 'Yes, use that' });

    await user.type(email(), 'x');
    expect(line().textContent).toBe('');
  });

  it('never stops the form: sent as typed while the suggestion shows', async () => {
    const user = userEvent.setup();
    const submit = vi.fn<Submit>(async () => ({
      ok: true,
      data: { success: true, message: 'ok', submissionId: 's-2', timestamp: 't' },
    }));
    render(<ContactFields submit={submit} />);
    await fillRest(user);
    await user.type(email(), 'name@gmial.com');
    await user.tab();
    await screen.findByRole('button', { name: 'Yes, use that' });

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.lastCall?.[1]).toMatchObject({ email: 'name@gmial.com' });
  });

  it('suggests nothing for an address that looks right', async () => {
    const user = userEvent.setup();
    render(<ContactFields />);
    await user.type(email(), 'ada@acme.com');
    await user.tab();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(line().textContent).toBe('');
  });

  it('waits while a pointer is pressed, so the button under it does not move before the click', async () => {
    render(<ContactFields />);
    const input = email();
    input.focus();
    fireEvent.change(input, { target: { value: 'name@gmial.com' } });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Send' }));
    input.blur();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(line().textContent).toBe('');

    fireEvent.pointerUp(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(line().textContent).toContain('Did you mean name@gmail.com?'));
  });
});
