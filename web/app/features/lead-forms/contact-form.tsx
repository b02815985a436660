import { contactDefinition } from '@kryon/shared/forms/contact';
import { emptyValues, type FieldName } from '@kryon/shared/forms/lead-form';
import { type FieldLayout, FormFields } from '../../components/forms/form-fields.tsx';
import { FormProgress, FormStatus } from '../../components/forms/form-status.tsx';
import { HoneypotField } from '../../components/forms/honeypot-field.tsx';
import { PrivacyLine } from '../../components/forms/privacy-line.tsx';
import { ScriptNote } from '../../components/forms/script-note.tsx';
import { SubmitButton } from '../../components/forms/submit-button.tsx';
import { Button } from '../../components/ui/button.tsx';
import { contactPageCopy } from '../../content/contact-page.ts';
import {
  emailSuggestionCopy,
  leadFormCommon,
  privacyLineCopy,
} from '../../content/lead-form-copy.ts';
import type { Submit } from '../../lib/api-client.ts';
import type { ChallengeDeps } from '../../lib/lead-form/challenge-session.ts';
import { progressMessage, useLeadForm } from '../../lib/lead-form/use-lead-form.ts';
import { liveBeforeHydration } from '../../lib/live-before-hydration.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

const copy = contactPageCopy.form;

const EMPTY = emptyValues(contactDefinition);

const LAYOUT: FieldLayout<FieldName<typeof contactDefinition>> = {
  id: (name) => `contact-${name}`,
  rows: [
    ['name', 'email'],
    ['company', 'phone'],
  ],
  textRows: { message: 6 },
  bare: true,
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
    definition: contactDefinition,
    defaultValues: EMPTY,
    ...(submit ? { submit } : {}),
    ...(challenge ? { challenge } : {}),
  });
  const busy = state.status === 'submitting';
  // Built disabled, for a browser without scripts; the island loader enables the fields as
  // soon as it runs, before React (live-before-hydration.ts).
  const hydrated = useHydrated();

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

      <ScriptNote text={leadFormCommon.needsScript} />
      <fieldset
        className="lead-form__fields"
        disabled={busy || !hydrated}
        {...liveBeforeHydration(hydrated)}
      >
        <FormFields
          definition={contactDefinition}
          copy={copy.fields}
          layout={LAYOUT}
          control={field}
          emailSuggestion={emailSuggestionCopy}
          errors={methods.formState.errors}
          optionalLabel={copy.optional}
        />
        <HoneypotField label={copy.honeypotLabel} inputRef={honeypot} />
      </fieldset>
      <SubmitButton busy={busy}>{busy ? copy.submitting : copy.submit}</SubmitButton>
      <FormProgress message={progressMessage(state)} />
      {/* After the button: Tab from the last field reaches the submit, not the link. */}
      <PrivacyLine copy={privacyLineCopy} />
    </form>
  );
}
