import { contactWithJobTitleDefinition } from '@kryon/shared/forms/contact-with-job-title.fixture';
import { fieldNames } from '@kryon/shared/forms/lead-form';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactPageCopy } from '../../content/contact-page.ts';
import type { FormFieldCopy } from '../../content/lead-form-copy.ts';
import type { Submit } from '../../lib/api-client.ts';
import { useLeadForm } from '../../lib/lead-form/use-lead-form.ts';
import { FormFields } from './form-fields.tsx';

afterEach(cleanup);

const definition = contactWithJobTitleDefinition;

/** Edit 2 of adding a field: its words, beside the contact form's own. */
const copy = {
  ...contactPageCopy.form.fields,
  jobTitle: {
    label: 'Job title',
    placeholder: 'Head of Cloud Security',
    autoComplete: 'organization-title',
  },
} satisfies FormFieldCopy<typeof definition>;

// @ts-expect-error: copy without the new field's words does not type-check.
const incomplete: FormFieldCopy<typeof definition> = { ...contactPageCopy.form.fields };

/** The contact form's machinery and renderer, handed the definition with the added field. */
function FormWithJobTitle({ submit }: { submit: Submit }) {
  const { methods, formRef, field, onSubmit } = useLeadForm({ definition, submit });
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      <FormFields
        definition={definition}
        names={fieldNames(definition)}
        copy={copy}
        layout={{ id: (name) => `contact-${name}`, bare: true }}
        control={field}
        errors={methods.formState.errors}
        optionalLabel="(optional)"
      />
      <button type="submit">Send</button>
    </form>
  );
}

describe('a field added to a definition and its copy', () => {
  it('is drawn by the renderer, validated by the schema and sent with the lead', async () => {
    expect(incomplete).toBeTruthy();
    const user = userEvent.setup();
    const submit = vi.fn<Submit>(async () => ({
      ok: true,
      data: { success: true, message: 'ok', submissionId: 's-1', timestamp: 't' },
    }));
    render(<FormWithJobTitle submit={submit} />);

    const jobTitle = screen.getByLabelText(/Job title/) as HTMLInputElement;
    expect(jobTitle.id).toBe('contact-jobTitle');
    expect(jobTitle.placeholder).toBe('Head of Cloud Security');
    expect(jobTitle.closest('.field')?.textContent).toContain('(optional)');

    await user.type(screen.getByLabelText(/Full name/), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/Work email/), 'ada@example.com');
    await user.selectOptions(screen.getByLabelText(/Subject/), 'pricing');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Pricing, please.');
    await user.type(jobTitle, 'X');
    await user.tab();
    expect(await screen.findByText('Job title must be at least 2 characters')).toBeTruthy();

    await user.type(jobTitle, 'O');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0]?.[1]).toMatchObject({ jobTitle: 'XO' });
  });
});
