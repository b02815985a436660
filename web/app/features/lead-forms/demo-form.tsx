import type { DemoRequestInput, demoSchema } from '@kryon/shared/forms/demo';
import {
  AWS_ENVIRONMENT_SIZES,
  COMPANY_SIZES,
  DEMO_TYPES,
  INDUSTRIES_LONG,
  INDUSTRIES_SHORT,
  PLATFORM_FEATURES,
  TEAM_SIZES,
  TIMEFRAMES,
  URGENCY_LEVELS,
} from '@kryon/shared/options';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField, CheckboxGroup } from '../../components/ui/checkbox-group.tsx';
import { Pictogram as LeadIcon } from '../../components/ui/pictogram.tsx';
import { browserCheckCopy } from '../../content/browser-check-copy.ts';
import { demoPageCopy } from '../../content/demo-page.ts';
import {
  leadFormCommon,
  qualificationFieldCopy,
  requesterFieldCopy,
} from '../../content/lead-form-copy.ts';
import { DraftNotice } from './draft-notice.tsx';
import { FormSection } from './form-section.tsx';
import { FormProgress, FormStatus } from './form-status.tsx';
import { HoneypotField } from './honeypot-field.tsx';
import { SelectField, TextAreaField, TextField } from './lead-fields.tsx';
import { PrivacyLine } from './privacy-line.tsx';
import { isVerifying, type useLeadForm } from './use-lead-form.ts';

const copy = demoPageCopy.form;
const notes = demoPageCopy.formSection;
const common = leadFormCommon;
const fields = copy.fields;

export const DEMO_EMPTY: DemoRequestInput = {
  fullName: '',
  workEmail: '',
  companyName: '',
  jobTitle: '',
  companySize: '' as DemoRequestInput['companySize'],
  industry: '' as DemoRequestInput['industry'],
  demoType: '' as DemoRequestInput['demoType'],
  urgency: '' as DemoRequestInput['urgency'],
  audienceSize: '',
  interestedModules: [],
  specificUseCases: '',
  timeframe: '' as DemoRequestInput['timeframe'],
  additionalRequirements: '',
  awsEnvironmentSize: '' as DemoRequestInput['awsEnvironmentSize'],
  companyVerticals: [],
  securityChallenges: '',
  whyKryon: '',
  additionalInfo: '',
  consentProcessing: false,
};

export type DemoLeadForm = ReturnType<typeof useLeadForm<typeof demoSchema>>;

/**
 * The demo request form in its sections: contact, demo preferences,
 * requirements, optional details, environment, qualification, additional information. Its
 * state lives with the page, because the demo cards above choose its demo type.
 */
export function DemoForm({ lead }: { lead: DemoLeadForm }) {
  const { methods, formRef, field, onSubmit, state, honeypot, restoredDraft, discardDraft } = lead;
  const errors = methods.formState.errors;
  const busy = state.status === 'submitting';

  return (
    <form
      ref={formRef}
      className="lead-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="demo-form-heading"
    >
      <p className="lead-form__intro">{common.required}</p>
      {restoredDraft ? (
        <DraftNotice
          text={common.draftRestored}
          discardLabel={common.draftDiscard}
          onDiscard={discardDraft}
        />
      ) : null}
      <fieldset className="lead-form__fields" disabled={busy}>
        <FormSection id="demo-section-contact" step={1} title={copy.sections.contact}>
          <div className="lead-form__row">
            <TextField
              id="demo-fullName"
              copy={requesterFieldCopy.fullName}
              required
              error={errors.fullName?.message}
              control={field('fullName')}
            />
            <TextField
              id="demo-workEmail"
              copy={requesterFieldCopy.workEmail}
              type="email"
              inputMode="email"
              required
              error={errors.workEmail?.message}
              control={field('workEmail')}
            />
          </div>
          <div className="lead-form__row">
            <TextField
              id="demo-companyName"
              copy={requesterFieldCopy.companyName}
              required
              error={errors.companyName?.message}
              control={field('companyName')}
            />
            <TextField
              id="demo-jobTitle"
              copy={requesterFieldCopy.jobTitle}
              required
              error={errors.jobTitle?.message}
              control={field('jobTitle')}
            />
          </div>
          <div className="lead-form__row">
            <SelectField
              id="demo-companySize"
              copy={fields.companySize}
              options={COMPANY_SIZES}
              placeholder={common.selectPlaceholder}
              required
              error={errors.companySize?.message}
              control={field('companySize')}
            />
            <SelectField
              id="demo-industry"
              copy={fields.industry}
              options={INDUSTRIES_SHORT}
              placeholder={common.selectPlaceholder}
              required
              error={errors.industry?.message}
              control={field('industry')}
            />
          </div>
        </FormSection>

        <FormSection id="demo-section-preferences" step={2} title={copy.sections.preferences}>
          <SelectField
            id="demo-demoType"
            copy={fields.demoType}
            options={DEMO_TYPES}
            required
            error={errors.demoType?.message}
            control={field('demoType')}
          />
          <div className="lead-form__row">
            <SelectField
              id="demo-urgency"
              copy={fields.urgency}
              options={URGENCY_LEVELS}
              placeholder={common.selectPlaceholder}
              required
              error={errors.urgency?.message}
              control={field('urgency')}
            />
            <SelectField
              id="demo-timeframe"
              copy={fields.timeframe}
              options={TIMEFRAMES}
              placeholder={common.selectPlaceholder}
              required
              error={errors.timeframe?.message}
              control={field('timeframe')}
            />
          </div>
        </FormSection>

        <FormSection id="demo-section-requirements" step={3} title={copy.sections.requirements}>
          <CheckboxGroup
            id="demo-interestedModules"
            legend={fields.interestedModules.label}
            description={fields.interestedModules.description}
            options={PLATFORM_FEATURES}
            required
            error={errors.interestedModules?.message}
            control={field('interestedModules')}
          />
          <TextAreaField
            id="demo-specificUseCases"
            copy={fields.specificUseCases}
            required
            error={errors.specificUseCases?.message}
            control={field('specificUseCases')}
          />
        </FormSection>

        <FormSection id="demo-section-optional" step={4} title={copy.sections.optionalDetails}>
          <SelectField
            id="demo-audienceSize"
            copy={fields.audienceSize}
            options={TEAM_SIZES}
            placeholder={common.selectPlaceholder}
            optionalLabel={common.optional}
            error={errors.audienceSize?.message}
            control={field('audienceSize')}
          />
          <TextAreaField
            id="demo-additionalRequirements"
            copy={fields.additionalRequirements}
            rows={3}
            optionalLabel={common.optional}
            error={errors.additionalRequirements?.message}
            control={field('additionalRequirements')}
          />
        </FormSection>

        <FormSection id="demo-section-environment" step={5} title={copy.sections.environment}>
          <SelectField
            id="demo-awsEnvironmentSize"
            copy={qualificationFieldCopy.awsEnvironmentSize}
            options={AWS_ENVIRONMENT_SIZES}
            placeholder={common.selectPlaceholder}
            required
            error={errors.awsEnvironmentSize?.message}
            control={field('awsEnvironmentSize')}
          />
          <CheckboxGroup
            id="demo-companyVerticals"
            legend={qualificationFieldCopy.companyVerticals.label}
            description={qualificationFieldCopy.companyVerticals.description}
            options={INDUSTRIES_LONG}
            required
            error={errors.companyVerticals?.message}
            control={field('companyVerticals')}
          />
        </FormSection>

        <FormSection id="demo-section-qualification" step={6} title={copy.sections.qualification}>
          <TextAreaField
            id="demo-securityChallenges"
            copy={qualificationFieldCopy.securityChallenges}
            required
            error={errors.securityChallenges?.message}
            control={field('securityChallenges')}
          />
          <TextAreaField
            id="demo-whyKryon"
            copy={qualificationFieldCopy.whyKryon}
            required
            error={errors.whyKryon?.message}
            control={field('whyKryon')}
          />
        </FormSection>

        <FormSection id="demo-section-additional" step={7} title={copy.sections.additional}>
          <TextAreaField
            id="demo-additionalInfo"
            copy={qualificationFieldCopy.additionalInfo}
            rows={3}
            optionalLabel={common.optional}
            error={errors.additionalInfo?.message}
            control={field('additionalInfo')}
          />
          <CheckboxField
            id="demo-consentProcessing"
            label={copy.consentLabel}
            required
            error={errors.consentProcessing?.message}
            control={field('consentProcessing')}
            describedBy="demo-privacy"
          />
          <PrivacyLine id="demo-privacy" />
        </FormSection>
        <HoneypotField label={common.honeypotLabel} inputRef={honeypot} />
      </fieldset>
      {state.status === 'error' ? (
        <FormStatus tone="error" title={copy.errorTitle} message={state.message} />
      ) : null}
      <ul className="lead-notes">
        <li>
          <LeadIcon name="lock" size={18} />
          {notes.encrypted}
        </li>
        <li>
          <LeadIcon name="clock" size={18} />
          {notes.response}
        </li>
      </ul>
      <Button type="submit" size="lg" busy={busy} className="lead-form__submit">
        {busy ? common.submitting : copy.submit}
      </Button>
      <FormProgress message={isVerifying(state) ? browserCheckCopy.verifying : undefined} />
    </form>
  );
}
