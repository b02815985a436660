import type { Confirmation } from '@kryon/shared/api';
import { betaAccessDefinition } from '@kryon/shared/forms/beta-access';
import type { FieldName } from '@kryon/shared/forms/lead-form';
import {
  type FieldLayout,
  type FieldStatus,
  FormFields,
} from '../../components/forms/form-fields.tsx';
import { FormProgress, FormStatus } from '../../components/forms/form-status.tsx';
import { HoneypotField } from '../../components/forms/honeypot-field.tsx';
import { PrivacyLine } from '../../components/forms/privacy-line.tsx';
import { ScriptNote } from '../../components/forms/script-note.tsx';
import { SubmitButton } from '../../components/forms/submit-button.tsx';
import { ButtonLink, buttonClass } from '../../components/ui/button.tsx';
import {
  emailSuggestionCopy,
  leadFormCommon,
  privacyLineCopy,
} from '../../content/lead-form-copy.ts';
import { requestAccessPageCopy } from '../../content/request-access-page.ts';
import type { Submit } from '../../lib/api-client.ts';
import { progressMessage, useLeadForm } from '../../lib/lead-form/use-lead-form.ts';
import { liveBeforeHydration } from '../../lib/live-before-hydration.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { PATHS } from '../../paths.ts';
import { SITE } from '../../site-config.ts';
import { ConfirmationNote } from './confirmation-note.tsx';
import { DraftNotice } from './draft-notice.tsx';
import { FieldCheckBadge, useFieldChecks } from './field-check.tsx';
import { FormSection, type ProgressLabels } from './form-section.tsx';
import { sectionProgress } from './section-progress.ts';

const copy = requestAccessPageCopy.form;
const common = leadFormCommon;

type BetaField = FieldName<typeof betaAccessDefinition>;

const LAYOUT: FieldLayout<BetaField> = {
  id: (name) => `beta-${name}`,
  rows: [
    ['fullName', 'workEmail'],
    ['companyName', 'jobTitle'],
  ],
  describedBy: { consentProcessing: 'beta-privacy' },
};

/** The required sections in page order; additional information follows once they are done. */
const REQUIRED_SECTIONS = [
  {
    id: 'contact',
    fields: ['fullName', 'workEmail', 'companyName', 'jobTitle'],
  },
  { id: 'environment', fields: ['awsEnvironmentSize', 'companyVerticals'] },
  { id: 'qualification', fields: ['securityChallenges', 'whyKryon'] },
  { id: 'agreement', fields: ['consentProcessing'] },
] as const satisfies readonly { id: keyof typeof copy.sections; fields: readonly BetaField[] }[];

/** Shown once every required section is complete. */
const ADDITIONAL_FIELDS = ['additionalInfo'] as const satisfies readonly BetaField[];

/** Every field the form places in a section. */
export const BETA_SECTION_FIELDS: readonly BetaField[] = [
  ...REQUIRED_SECTIONS.flatMap((section) => section.fields),
  ...ADDITIONAL_FIELDS,
];

const FIELD_SCHEMAS = betaAccessDefinition.schema.shape;

const progressLabels: ProgressLabels = {
  progress: copy.progress,
  complete: copy.sectionStatus.complete,
  inProgress: copy.sectionStatus.inProgress,
  optional: copy.sectionStatus.optional,
};

/** The private beta application, posted to /api/email/beta-access. */
export function BetaForm({
  submit,
}: {
  /** Replaced in tests; pages use the shared API client. */
  submit?: Submit;
}) {
  const { methods, formRef, field, onSubmit, state, honeypot, restoredDraft, discardDraft } =
    useLeadForm({
      definition: betaAccessDefinition,
      saveDraft: true,
      ...(submit ? { submit } : {}),
    });
  const checks = useFieldChecks(methods, FIELD_SCHEMAS);
  const values = methods.watch();
  const errors = methods.formState.errors;
  const busy = state.status === 'submitting';
  // Built disabled, for a browser without scripts; the island loader enables the fields as
  // soon as it runs, before React (live-before-hydration.ts).
  const hydrated = useHydrated();

  if (state.status === 'success') {
    return <BetaConfirmation message={state.message} confirmation={state.accepted.confirmation} />;
  }

  const progress = Object.fromEntries(
    REQUIRED_SECTIONS.map((section) => [section.id, sectionProgress(values, section.fields)]),
  ) as Record<(typeof REQUIRED_SECTIONS)[number]['id'], ReturnType<typeof sectionProgress>>;
  const allRequiredFilled = Object.values(progress).every((p) => p.complete);

  const status = (name: BetaField): FieldStatus => {
    const id = `beta-${name}-check`;
    return {
      id,
      badge: <FieldCheckBadge id={id} state={checks[name]} labels={copy.fieldStates} />,
    };
  };
  const fields = (names: readonly BetaField[]) => (
    <FormFields
      definition={betaAccessDefinition}
      names={names}
      copy={copy.fields}
      layout={LAYOUT}
      control={field}
      emailSuggestion={emailSuggestionCopy}
      errors={errors}
      optionalLabel={common.optional}
      status={status}
    />
  );
  const [contact, environment, qualification, agreement] = REQUIRED_SECTIONS;

  return (
    <form
      ref={formRef}
      className="lead-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="beta-form-title"
    >
      <h2 id="beta-form-title">{copy.heading}</h2>
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
        <FormSection
          id="beta-section-contact"
          step={1}
          title={copy.sections.contact}
          progress={progress.contact}
          labels={progressLabels}
        >
          {fields(contact.fields)}
        </FormSection>

        <FormSection
          id="beta-section-environment"
          step={2}
          title={copy.sections.environment}
          progress={progress.environment}
          labels={progressLabels}
        >
          {fields(environment.fields)}
        </FormSection>

        <FormSection
          id="beta-section-qualification"
          step={3}
          title={copy.sections.qualification}
          progress={progress.qualification}
          labels={progressLabels}
        >
          {fields(qualification.fields)}
        </FormSection>

        <FormSection
          id="beta-section-agreement"
          step={4}
          title={copy.sections.agreement}
          progress={progress.agreement}
          labels={progressLabels}
        >
          {fields(agreement.fields)}
          <PrivacyLine id="beta-privacy" copy={privacyLineCopy} />
        </FormSection>

        {allRequiredFilled ? (
          <FormSection
            id="beta-section-additional"
            step={5}
            title={copy.sections.additional}
            progress={sectionProgress(values, ADDITIONAL_FIELDS)}
            labels={progressLabels}
            optional
          >
            <p className="form-section__hint">{copy.additionalHint}</p>
            {fields(ADDITIONAL_FIELDS)}
          </FormSection>
        ) : null}
        <HoneypotField label={common.honeypotLabel} inputRef={honeypot} />
      </fieldset>
      {state.status === 'error' ? (
        <FormStatus tone="error" title={copy.errorTitle} message={state.message} />
      ) : null}
      <SubmitButton busy={busy}>{busy ? common.submitting : copy.submit}</SubmitButton>
      <FormProgress message={progressMessage(state)} />
    </form>
  );
}

/** On success the form gives way to this confirmation. */
function BetaConfirmation({
  message,
  confirmation,
}: {
  message: string;
  confirmation: Confirmation | undefined;
}) {
  const success = requestAccessPageCopy.success;
  return (
    <FormStatus tone="success" title={success.title} message={message} focusOnShow>
      <p>{success.text}</p>
      <ConfirmationNote confirmation={confirmation} />
      <h4 className="lead-actions__heading">{success.nextHeading}</h4>
      <div className="lead-actions">
        <ButtonLink to={PATHS.demo}>{success.demo}</ButtonLink>
        <ButtonLink to={PATHS.intelligence} variant="secondary">
          {success.intelligence}
        </ButtonLink>
        <a
          className={buttonClass({ variant: 'outline' })}
          href={SITE.profiles.linkedin}
          target="_blank"
          rel="noopener noreferrer"
        >
          {success.follow}
          <span className="visually-hidden"> {common.newTab}</span>
        </a>
      </div>
    </FormStatus>
  );
}
