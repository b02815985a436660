import { type ContactInput, contactSchema } from '@kryon/shared/forms/contact';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { browserCheckCopy } from '../../content/browser-check-copy.ts';
import { contactPageCopy } from '../../content/contact-page.ts';
import type { Submit } from '../../lib/api-client.ts';
import type { ChallengeDeps } from './challenge-session.ts';
import { FormProgress, FormStatus } from './form-status.tsx';
import { HoneypotField } from './honeypot-field.tsx';
import { PrivacyLine } from './privacy-line.tsx';
import { isVerifying, useLeadForm } from './use-lead-form.ts';

const copy = contactPageCopy.form;

const EMPTY: ContactInput = {
  name: '',
  email: '',
  company: '',
  phone: '',
  subject: '' as ContactInput['subject'],
  message: '',
};

export function ContactForm({
  submit,
  challenge,
}: {
  /** Replaced in tests; pages use the shared API client. */
  submit?: Submit;
  /** Replaced in tests; pages fetch the browser check from the API and solve it in a worker. */
  challenge?: ChallengeDeps;
}) {
  const { methods, formRef, field, onSubmit, state, setState, honeypot } = useLeadForm({
    form: 'contact',
    schema: contactSchema,
    defaultValues: EMPTY,
    emailOf: (values) => values.email,
    ...(submit ? { submit } : {}),
    ...(challenge ? { challenge } : {}),
  });
  const errors = methods.formState.errors;
  const busy = state.status === 'submitting';

  return (
    <form
      ref={formRef}
      className="lead-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title">{copy.heading}</h2>
      <p className="lead-form__intro">{copy.intro}</p>

      {state.status === 'success' ? (
        <FormStatus tone="success" title={copy.successTitle} message={state.message} focusOnShow>
          <Button variant="ghost" size="sm" onClick={() => setState({ status: 'idle' })}>
            {copy.sendAnother}
          </Button>
        </FormStatus>
      ) : null}
      {state.status === 'error' ? (
        <FormStatus tone="error" title={copy.errorTitle} message={state.message} />
      ) : null}

      <fieldset className="lead-form__fields" disabled={busy}>
        <div className="lead-form__row">
          <FormField
            id="contact-name"
            label={copy.fields.name.label}
            required
            error={errors.name?.message}
          >
            {(aria) => (
              <input
                className="input"
                type="text"
                autoComplete={copy.fields.name.autoComplete}
                placeholder={copy.fields.name.placeholder}
                {...aria}
                {...field('name')}
              />
            )}
          </FormField>
          <FormField
            id="contact-email"
            label={copy.fields.email.label}
            required
            error={errors.email?.message}
          >
            {(aria) => (
              <input
                className="input"
                type="email"
                inputMode="email"
                autoComplete={copy.fields.email.autoComplete}
                placeholder={copy.fields.email.placeholder}
                {...aria}
                {...field('email')}
              />
            )}
          </FormField>
        </div>
        <div className="lead-form__row">
          <FormField
            id="contact-company"
            label={copy.fields.company.label}
            optionalLabel={copy.optional}
            error={errors.company?.message}
          >
            {(aria) => (
              <input
                className="input"
                type="text"
                autoComplete={copy.fields.company.autoComplete}
                placeholder={copy.fields.company.placeholder}
                {...aria}
                {...field('company')}
              />
            )}
          </FormField>
          <FormField
            id="contact-phone"
            label={copy.fields.phone.label}
            optionalLabel={copy.optional}
            description={copy.fields.phone.description}
            error={errors.phone?.message}
          >
            {(aria) => (
              <input
                className="input"
                type="tel"
                autoComplete={copy.fields.phone.autoComplete}
                placeholder={copy.fields.phone.placeholder}
                {...aria}
                {...field('phone')}
              />
            )}
          </FormField>
        </div>
        <FormField
          id="contact-subject"
          label={copy.fields.subject.label}
          required
          error={errors.subject?.message}
        >
          {(aria) => (
            <select className="input" {...aria} {...field('subject')}>
              <option value="">{copy.fields.subject.placeholder}</option>
              {copy.subjects.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id="contact-message"
          label={copy.fields.message.label}
          required
          error={errors.message?.message}
        >
          {(aria) => (
            <textarea
              className="input"
              rows={6}
              placeholder={copy.fields.message.placeholder}
              {...aria}
              {...field('message')}
            />
          )}
        </FormField>
        <HoneypotField label={copy.honeypotLabel} inputRef={honeypot} />
      </fieldset>
      <Button type="submit" size="lg" busy={busy} className="lead-form__submit">
        {busy ? copy.submitting : copy.submit}
      </Button>
      <FormProgress message={isVerifying(state) ? browserCheckCopy.verifying : undefined} />
      {/* After the button: Tab from the last field reaches the submit, not the link. */}
      <PrivacyLine />
    </form>
  );
}
