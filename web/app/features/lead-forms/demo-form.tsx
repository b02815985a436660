import { demoDefinition, type demoSchema } from '@kryon/shared/forms/demo';
import type { FieldName } from '@kryon/shared/forms/lead-form';
import { type FieldLayout, FormFields } from '../../components/forms/form-fields.tsx';
import { FormProgress, FormStatus } from '../../components/forms/form-status.tsx';
import { HoneypotField } from '../../components/forms/honeypot-field.tsx';
import { PrivacyLine } from '../../components/forms/privacy-line.tsx';
import { SubmitButton } from '../../components/forms/submit-button.tsx';
import { Pictogram } from '../../components/ui/pictogram.tsx';
import { demoPageCopy } from '../../content/demo-page.ts';
import {
  emailSuggestionCopy,
  leadFormCommon,
  privacyLineCopy,
} from '../../content/lead-form-copy.ts';
import { progressMessage, type useLeadForm } from '../../lib/lead-form/use-lead-form.ts';
import { DraftNotice } from './draft-notice.tsx';
import { FormSection } from './form-section.tsx';

const copy = demoPageCopy.form;
const notes = demoPageCopy.formSection;
const common = leadFormCommon;

type DemoField = FieldName<typeof demoDefinition>;

const LAYOUT: FieldLayout<DemoField> = {
  id: (name) => `demo-${name}`,
  rows: [
    ['fullName', 'workEmail'],
    ['companyName', 'jobTitle'],
    ['companySize', 'industry'],
    ['urgency', 'timeframe'],
  ],
  textRows: { additionalRequirements: 3, additionalInfo: 3 },
  describedBy: { consentProcessing: 'demo-privacy' },
};

/** The form's sections in page order, each with its fields. */
export const DEMO_SECTIONS = [
  {
    id: 'contact',
    title: 'contact',
    fields: ['fullName', 'workEmail', 'companyName', 'jobTitle', 'companySize', 'industry'],
  },
  { id: 'preferences', title: 'preferences', fields: ['demoType', 'urgency', 'timeframe'] },
  {
    id: 'requirements',
    title: 'requirements',
    fields: ['interestedModules', 'specificUseCases'],
  },
  { id: 'optional', title: 'optionalDetails', fields: ['audienceSize', 'additionalRequirements'] },
  { id: 'environment', title: 'environment', fields: ['awsEnvironmentSize', 'companyVerticals'] },
  { id: 'qualification', title: 'qualification', fields: ['securityChallenges', 'whyKryon'] },
  { id: 'additional', title: 'additional', fields: ['additionalInfo', 'consentProcessing'] },
] as const satisfies readonly {
  id: string;
  title: keyof typeof copy.sections;
  fields: readonly DemoField[];
}[];

export type DemoLeadForm = ReturnType<typeof useLeadForm<typeof demoSchema, DemoField>>;

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
        {DEMO_SECTIONS.map((section, index) => (
          <FormSection
            key={section.id}
            id={`demo-section-${section.id}`}
            step={index + 1}
            title={copy.sections[section.title]}
          >
            <FormFields
              definition={demoDefinition}
              names={section.fields}
              copy={copy.fields}
              layout={LAYOUT}
              control={field}
              emailSuggestion={emailSuggestionCopy}
              errors={errors}
              optionalLabel={common.optional}
            />
            {/* The privacy line follows the consent box it describes. */}
            {section.id === 'additional' ? (
              <PrivacyLine id="demo-privacy" copy={privacyLineCopy} />
            ) : null}
          </FormSection>
        ))}
        <HoneypotField label={common.honeypotLabel} inputRef={honeypot} />
      </fieldset>
      {state.status === 'error' ? (
        <FormStatus tone="error" title={copy.errorTitle} message={state.message} />
      ) : null}
      <ul className="lead-notes">
        <li>
          <Pictogram name="lock" size={18} />
          {notes.encrypted}
        </li>
        <li>
          <Pictogram name="clock" size={18} />
          {notes.response}
        </li>
      </ul>
      <SubmitButton busy={busy}>{busy ? common.submitting : copy.submit}</SubmitButton>
      <FormProgress message={progressMessage(state)} />
    </form>
  );
}
