import { type PartnerInput, partnerSchema } from '@kryon/shared/forms/partner';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { CheckboxGroup } from '../../components/ui/checkbox-group.tsx';
import { becomePartnerPageCopy } from '../../content/become-partner-page.ts';
import { browserCheckCopy } from '../../content/browser-check-copy.ts';
import { leadFormCommon } from '../../content/lead-form-copy.ts';
import type { Submit } from '../../lib/api-client.ts';
import { PATHS } from '../../paths.ts';
import { DraftNotice } from './draft-notice.tsx';
import { FormProgress, FormStatus } from './form-status.tsx';
import { HoneypotField } from './honeypot-field.tsx';
import { SelectField, TextAreaField, TextField } from './lead-fields.tsx';
import { PrivacyLine } from './privacy-line.tsx';
import { isVerifying, useLeadForm } from './use-lead-form.ts';

const copy = becomePartnerPageCopy.form;
const common = leadFormCommon;

const EMPTY: PartnerInput = {
  name: '',
  email: '',
  company: '',
  position: '',
  phone: '',
  companySize: '' as PartnerInput['companySize'],
  industry: '' as PartnerInput['industry'],
  interests: [],
  message: '',
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
      form: 'partner',
      schema: partnerSchema,
      defaultValues: EMPTY,
      emailOf: (values) => values.email,
      saveDraft: true,
      ...(submit ? { submit } : {}),
    });
  const errors = methods.formState.errors;
  const busy = state.status === 'submitting';

  return (
    <div className="lead-form">
      <h2 id="partner-form-title">{copy.heading}</h2>
      {state.status === 'success' ? (
        <FormStatus tone="success" title={copy.successTitle} message={state.message} focusOnShow>
          <p>{copy.successIntro}</p>
          <div className="lead-actions">
            <Link className={buttonClass({ variant: 'primary' })} to={PATHS.intelligence}>
              {copy.explore}
            </Link>
            <Link className={buttonClass({ variant: 'ghost' })} to={PATHS.home}>
              {copy.home}
            </Link>
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
          <fieldset className="lead-form__fields" disabled={busy}>
            <div className="lead-form__row">
              <TextField
                id="partner-name"
                copy={copy.fields.name}
                required
                error={errors.name?.message}
                control={field('name')}
              />
              <TextField
                id="partner-email"
                copy={copy.fields.email}
                type="email"
                inputMode="email"
                required
                error={errors.email?.message}
                control={field('email')}
              />
            </div>
            <div className="lead-form__row">
              <TextField
                id="partner-company"
                copy={copy.fields.company}
                required
                error={errors.company?.message}
                control={field('company')}
              />
              <TextField
                id="partner-position"
                copy={copy.fields.position}
                required
                error={errors.position?.message}
                control={field('position')}
              />
            </div>
            <div className="lead-form__row">
              <SelectField
                id="partner-company-size"
                copy={copy.fields.companySize}
                options={copy.companySizes}
                placeholder={common.selectPlaceholder}
                required
                error={errors.companySize?.message}
                control={field('companySize')}
              />
              <SelectField
                id="partner-industry"
                copy={copy.fields.industry}
                options={copy.industries}
                placeholder={common.selectPlaceholder}
                required
                error={errors.industry?.message}
                control={field('industry')}
              />
            </div>
            <div className="lead-form__row">
              <TextField
                id="partner-phone"
                copy={copy.fields.phone}
                type="tel"
                inputMode="tel"
                required
                error={errors.phone?.message}
                control={field('phone')}
              />
            </div>
            <CheckboxGroup
              id="partner-interests"
              legend={copy.fields.interests.label}
              description={copy.fields.interests.description}
              options={copy.interests}
              required
              error={errors.interests?.message}
              control={field('interests')}
            />
            <TextAreaField
              id="partner-message"
              copy={copy.fields.message}
              rows={6}
              required
              error={errors.message?.message}
              control={field('message')}
            />
            <HoneypotField label={common.honeypotLabel} inputRef={honeypot} />
          </fieldset>
          {state.status === 'error' ? (
            <FormStatus tone="error" title={copy.errorTitle} message={state.message} />
          ) : null}
          <Button type="submit" size="lg" busy={busy} className="lead-form__submit">
            {busy ? common.submitting : copy.submit}
          </Button>
          <FormProgress message={isVerifying(state) ? browserCheckCopy.verifying : undefined} />
          {/* After the button: Tab from the last field reaches the submit, not the link. */}
          <PrivacyLine />
        </form>
      )}
    </div>
  );
}
