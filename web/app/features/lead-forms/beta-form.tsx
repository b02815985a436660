import { type BetaAccessInput, betaAccessSchema } from '@kryon/shared/forms/beta-access';
import { AWS_ENVIRONMENT_SIZES, INDUSTRIES_LONG } from '@kryon/shared/options';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button, ButtonLink, buttonClass } from '../../components/ui/button.tsx';
import { CheckboxField, CheckboxGroup } from '../../components/ui/checkbox-group.tsx';
import { browserCheckCopy } from '../../content/browser-check-copy.ts';
import {
  leadFormCommon,
  qualificationFieldCopy,
  requesterFieldCopy,
} from '../../content/lead-form-copy.ts';
import { requestAccessPageCopy } from '../../content/request-access-page.ts';
import type { Submit } from '../../lib/api-client.ts';
import { PATHS } from '../../paths.ts';
import { SITE } from '../../site-config.ts';
import { DraftNotice } from './draft-notice.tsx';
import { FieldCheckBadge, useFieldChecks } from './field-check.tsx';
import { FormSection, type ProgressLabels } from './form-section.tsx';
import { FormProgress, FormStatus } from './form-status.tsx';
import { HoneypotField } from './honeypot-field.tsx';
import { type FieldStatus, SelectField, TextAreaField, TextField } from './lead-fields.tsx';
import { PrivacyLine } from './privacy-line.tsx';
import { sectionProgress } from './section-progress.ts';
import { isVerifying, useLeadForm } from './use-lead-form.ts';

const copy = requestAccessPageCopy.form;
const common = leadFormCommon;

type BetaField = keyof BetaAccessInput;

const EMPTY: BetaAccessInput = {
  fullName: '',
  workEmail: '',
  companyName: '',
  jobTitle: '',
  awsEnvironmentSize: '' as BetaAccessInput['awsEnvironmentSize'],
  companyVerticals: [],
  securityChallenges: '',
  whyKryon: '',
  additionalInfo: '',
  consentProcessing: false,
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

const FIELD_SCHEMAS = betaAccessSchema.shape;

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
      form: 'beta-access',
      schema: betaAccessSchema,
      defaultValues: EMPTY,
      emailOf: (values) => values.workEmail,
      saveDraft: true,
      ...(submit ? { submit } : {}),
    });
  const checks = useFieldChecks(methods, FIELD_SCHEMAS);
  const values = methods.watch();
  const errors = methods.formState.errors;
  const busy = state.status === 'submitting';

  if (state.status === 'success') return <BetaConfirmation message={state.message} />;

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
  const control = (name: BetaField): UseFormRegisterReturn => field(name);

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
      <fieldset className="lead-form__fields" disabled={busy}>
        <FormSection
          id="beta-section-contact"
          step={1}
          title={copy.sections.contact}
          progress={progress.contact}
          labels={progressLabels}
        >
          <div className="lead-form__row">
            <TextField
              id="beta-fullName"
              copy={requesterFieldCopy.fullName}
              required
              error={errors.fullName?.message}
              control={control('fullName')}
              status={status('fullName')}
            />
            <TextField
              id="beta-workEmail"
              copy={requesterFieldCopy.workEmail}
              type="email"
              inputMode="email"
              required
              error={errors.workEmail?.message}
              control={control('workEmail')}
              status={status('workEmail')}
            />
          </div>
          <div className="lead-form__row">
            <TextField
              id="beta-companyName"
              copy={requesterFieldCopy.companyName}
              required
              error={errors.companyName?.message}
              control={control('companyName')}
              status={status('companyName')}
            />
            <TextField
              id="beta-jobTitle"
              copy={requesterFieldCopy.jobTitle}
              required
              error={errors.jobTitle?.message}
              control={control('jobTitle')}
              status={status('jobTitle')}
            />
          </div>
        </FormSection>

        <FormSection
          id="beta-section-environment"
          step={2}
          title={copy.sections.environment}
          progress={progress.environment}
          labels={progressLabels}
        >
          <SelectField
            id="beta-awsEnvironmentSize"
            copy={qualificationFieldCopy.awsEnvironmentSize}
            options={AWS_ENVIRONMENT_SIZES}
            placeholder={common.selectPlaceholder}
            required
            error={errors.awsEnvironmentSize?.message}
            control={control('awsEnvironmentSize')}
            status={status('awsEnvironmentSize')}
          />
          <div className="lead-field lead-field--checked">
            <CheckboxGroup
              id="beta-companyVerticals"
              legend={qualificationFieldCopy.companyVerticals.label}
              description={qualificationFieldCopy.companyVerticals.description}
              options={INDUSTRIES_LONG}
              required
              error={errors.companyVerticals?.message}
              control={control('companyVerticals')}
              describedBy={status('companyVerticals').id}
            />
            {status('companyVerticals').badge}
          </div>
        </FormSection>

        <FormSection
          id="beta-section-qualification"
          step={3}
          title={copy.sections.qualification}
          progress={progress.qualification}
          labels={progressLabels}
        >
          <TextAreaField
            id="beta-securityChallenges"
            copy={qualificationFieldCopy.securityChallenges}
            required
            error={errors.securityChallenges?.message}
            control={control('securityChallenges')}
            status={status('securityChallenges')}
          />
          <TextAreaField
            id="beta-whyKryon"
            copy={qualificationFieldCopy.whyKryon}
            required
            error={errors.whyKryon?.message}
            control={control('whyKryon')}
            status={status('whyKryon')}
          />
        </FormSection>

        <FormSection
          id="beta-section-agreement"
          step={4}
          title={copy.sections.agreement}
          progress={progress.agreement}
          labels={progressLabels}
        >
          <div className="lead-field lead-field--checked lead-field--choice">
            <CheckboxField
              id="beta-consentProcessing"
              label={copy.consentLabel}
              required
              error={errors.consentProcessing?.message}
              control={control('consentProcessing')}
              describedBy={`${status('consentProcessing').id} beta-privacy`}
            />
            {status('consentProcessing').badge}
          </div>
          <PrivacyLine id="beta-privacy" />
        </FormSection>

        {allRequiredFilled ? (
          <FormSection
            id="beta-section-additional"
            step={5}
            title={copy.sections.additional}
            progress={sectionProgress(values, ['additionalInfo'])}
            labels={progressLabels}
            optional
          >
            <p className="form-section__hint">{copy.additionalHint}</p>
            <TextAreaField
              id="beta-additionalInfo"
              copy={qualificationFieldCopy.additionalInfo}
              optionalLabel={common.optional}
              error={errors.additionalInfo?.message}
              control={control('additionalInfo')}
              status={status('additionalInfo')}
            />
          </FormSection>
        ) : null}
        <HoneypotField label={common.honeypotLabel} inputRef={honeypot} />
      </fieldset>
      {state.status === 'error' ? (
        <FormStatus tone="error" title={copy.errorTitle} message={state.message} />
      ) : null}
      <Button type="submit" size="lg" busy={busy} className="lead-form__submit">
        {busy ? common.submitting : copy.submit}
      </Button>
      <FormProgress message={isVerifying(state) ? browserCheckCopy.verifying : undefined} />
    </form>
  );
}

/** Spec section 2: on success the form gives way to this confirmation. */
function BetaConfirmation({ message }: { message: string }) {
  const success = requestAccessPageCopy.success;
  return (
    <FormStatus tone="success" title={success.title} message={message} focusOnShow>
      <p>{success.text}</p>
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
