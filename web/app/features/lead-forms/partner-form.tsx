import type { FieldName } from '@kryon/shared/forms/lead-form';
import { partnerDefinition } from '@kryon/shared/forms/partner';
import { type FieldLayout, FormFields, kebabIds } from '../../components/forms/form-fields.tsx';
import { FormProgress, FormStatus } from '../../components/forms/form-status.tsx';
import { HoneypotField } from '../../components/forms/honeypot-field.tsx';
import { PrivacyLine } from '../../components/forms/privacy-line.tsx';
import { ScriptNote } from '../../components/forms/script-note.tsx';
import { SubmitButton } from '../../components/forms/submit-button.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { becomePartnerPageCopy } from '../../content/become-partner-page.ts';
import {
  emailSuggestionCopy,
  leadFormCommon,
  privacyLineCopy,
} from '../../content/lead-form-copy.ts';
import type { Submit } from '../../lib/api-client.ts';
import { progressMessage, useLeadForm } from '../../lib/lead-form/use-lead-form.ts';
import { liveBeforeHydration } from '../../lib/live-before-hydration.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { PATHS } from '../../paths.ts';
import { ConfirmationNote } from './confirmation-note.tsx';
import { DraftNotice } from './draft-notice.tsx';

const copy = becomePartnerPageCopy.form;
const common = leadFormCommon;

const LAYOUT: FieldLayout<FieldName<typeof partnerDefinition>> = {
  // Ids in kebab case, as the page always had them: partner-company-size.
  id: kebabIds('partner'),
  rows: [['name', 'email'], ['company', 'position'], ['companySize', 'industry'], ['phone']],
  textRows: { message: 6 },
};

/** The partner application, posted to /api/email/partner. */
export function PartnerForm({
  submit,
}: {
  /** Replaced in tests; pages use the shared API client. */
  submit?: Submit;
}) {
  const { methods, formRef, field, onSubmit, state, honeypot, restoredDraft, discardDraft } =
    useLeadForm({
      definition: partnerDefinition,
      saveDraft: true,
      ...(submit ? { submit } : {}),
    });
  const busy = state.status === 'submitting';
  // Built disabled, for a browser without scripts; the island loader enables the fields as
  // soon as it runs, before React (live-before-hydration.ts).
  const hydrated = useHydrated();

  return (
    <div className="lead-form">
      <h2 id="partner-form-title">{copy.heading}</h2>
      {state.status === 'success' ? (
        <FormStatus tone="success" title={copy.successTitle} message={state.message} focusOnShow>
          <p>{copy.successIntro}</p>
          <ConfirmationNote confirmation={state.accepted.confirmation} />
          <div className="lead-actions">
            <a className={buttonClass({ variant: 'primary' })} href={PATHS.intelligence}>
              {copy.explore}
            </a>
            <a className={buttonClass({ variant: 'ghost' })} href={PATHS.home}>
              {copy.home}
            </a>
          </div>
        </FormStatus>
      ) : (
        <form
          ref={formRef}
          className="lead-form"
          noValidate
          onSubmit={onSubmit}
          aria-labelledby="partner-form-title"
        >
          <p className="lead-form__intro">
            {copy.intro} {common.required}
          </p>
          {restoredDraft ? (
            <DraftNotice
              text={common.draftRestored}
              discardLabel={common.draftDiscard}
              onDiscard={discardDraft}
            />
          ) : null}
          <ScriptNote text={common.needsScript} />
          <fieldset
            className="lead-form__fields"
            disabled={busy || !hydrated}
            {...liveBeforeHydration(hydrated)}
          >
            <FormFields
              definition={partnerDefinition}
              copy={copy.fields}
              layout={LAYOUT}
              control={field}
              emailSuggestion={emailSuggestionCopy}
              errors={methods.formState.errors}
            />
            <HoneypotField label={common.honeypotLabel} inputRef={honeypot} />
          </fieldset>
          {state.status === 'error' ? (
            <FormStatus tone="error" title={copy.errorTitle} message={state.message} />
          ) : null}
          <SubmitButton busy={busy}>{busy ? common.submitting : copy.submit}</SubmitButton>
          <FormProgress message={progressMessage(state)} />
          {/* After the button: Tab from the last field reaches the submit, not the link. */}
          <PrivacyLine copy={privacyLineCopy} />
        </form>
      )}
    </div>
  );
}
