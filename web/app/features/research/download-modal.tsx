import { downloadDefinition } from '@kryon/shared/forms/download';
import { emptyValues, type FieldName } from '@kryon/shared/forms/lead-form';
import type { ResearchDownloadId } from '@kryon/shared/research-catalogue';
import { useEffect, useRef } from 'react';
import { type FieldLayout, FormFields, kebabIds } from '../../components/forms/form-fields.tsx';
import { FormProgress, FormStatus } from '../../components/forms/form-status.tsx';
import { HoneypotField } from '../../components/forms/honeypot-field.tsx';
import { PrivacyLine } from '../../components/forms/privacy-line.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import type { DownloadPreview } from '../../content/intelligence-types.ts';
import {
  emailSuggestionCopy,
  leadFormCommon,
  privacyLineCopy,
} from '../../content/lead-form-copy.ts';
import { researchLabels } from '../../content/library-labels.ts';
import type { ResearchItem } from '../../content/library-types.ts';
import { researchDownloadCopy } from '../../content/research-download-copy.ts';
import type { Submit } from '../../lib/api-client.ts';
import type { ChallengeDeps } from '../../lib/lead-form/challenge-session.ts';
import { progressMessage, useLeadForm } from '../../lib/lead-form/use-lead-form.ts';
import { difficultyFor } from './download-preview.ts';
import '../../components/forms/lead-form.css';

const copy = researchDownloadCopy;

const LAYOUT: FieldLayout<FieldName<typeof downloadDefinition>> = {
  // Ids in kebab case, as the dialog always had them: download-first-name.
  id: kebabIds('download'),
  bare: true,
};

/**
 * The research download modal. The preview of the item sits beside
 * the lead form, which is sent for real to /api/email/download through the shared API
 * client. While a submit is in flight nothing closes the dialog and the fields are disabled;
 * a failure is shown in the dialog with the form kept filled (docs/decisions/007).
 */
export function DownloadModal({
  item,
  preview,
  onClose,
  submit,
  challenge,
}: {
  item: ResearchItem;
  preview: DownloadPreview | undefined;
  onClose: () => void;
  /** Replaced in tests; pages use the shared API client. */
  submit?: Submit;
  /** Replaced in tests; pages fetch the browser check from the API and solve it in a worker. */
  challenge?: ChallengeDeps;
}) {
  const { methods, formRef, field, onSubmit, state, setState, honeypot } = useLeadForm({
    definition: downloadDefinition,
    defaultValues: emptyValues(downloadDefinition, { researchId: item.id as ResearchDownloadId }),
    // The dialog opens on the visitor's request, often to be autofilled at once: start now.
    startChallengeOnMount: true,
    ...(submit ? { submit } : {}),
    ...(challenge ? { challenge } : {}),
  });
  const busy = state.status === 'submitting';

  // "Download Another Resource" replaces the focused success message with the form; focus
  // follows to its first field instead of falling back to the page.
  const backToForm = useRef(false);
  useEffect(() => {
    if (state.status === 'idle' && backToForm.current) {
      backToForm.current = false;
      methods.setFocus('email');
    }
  }, [state.status, methods]);

  return (
    <Dialog
      labelledBy="download-dialog-eyebrow download-dialog-title"
      closeLabel={copy.closeLabel}
      onClose={onClose}
      closeDisabled={busy}
      className="download-dialog"
    >
      <div className="download-dialog__layout">
        <section className="download-preview" aria-labelledby="download-preview-heading">
          <p className="eyebrow" id="download-dialog-eyebrow">
            {copy.dialogTitle}
          </p>
          <h2 id="download-dialog-title">{item.title}</h2>
          <p className="download-preview__type">
            {researchLabels.modal.typeAndRead(item.type, item.estimatedReadTime)}
          </p>
          <h3 id="download-preview-heading" className="download-preview__heading">
            {copy.previewHeading}
          </h3>
          <ul className="download-preview__facts">
            {preview?.pages ? <li>{copy.pagesLabel(preview.pages)}</li> : null}
            <li>
              {copy.difficultyLabel}: <strong>{difficultyFor(item.impact)}</strong>
            </li>
          </ul>
          {preview ? (
            <>
              <h4>{copy.highlightsHeading}</h4>
              <ul className="download-preview__list">
                {preview.highlights.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <h4>{copy.contentsHeading}</h4>
              <ol className="download-preview__list download-preview__list--numbered">
                {preview.contents.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ol>
            </>
          ) : null}
        </section>

        <div className="download-dialog__side">
          {state.status === 'success' ? (
            <FormStatus
              tone="success"
              title={copy.success.title}
              // An API that says nothing of the e-mail gets its own words shown, no claim of ours.
              message={
                state.accepted.confirmation
                  ? copy.success.text[state.accepted.confirmation]
                  : state.message
              }
              focusOnShow
            >
              {state.accepted.reportUrl ? (
                <>
                  <p className="download-success__link">
                    <a
                      className={buttonClass({ variant: 'primary', size: 'lg' })}
                      href={state.accepted.reportUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {copy.success.linkLabel}
                      <span className="visually-hidden"> {leadFormCommon.newTab}</span>
                    </a>
                  </p>
                  <p className="download-success__note">{copy.success.note}</p>
                </>
              ) : null}
              <div className="download-success__actions">
                <Button
                  // The report link is the one primary action of this view.
                  variant="secondary"
                  onClick={() => {
                    backToForm.current = true;
                    setState({ status: 'idle' });
                  }}
                >
                  {copy.success.anotherLabel}
                </Button>
                <Button variant="secondary" onClick={onClose}>
                  {copy.success.continueLabel}
                </Button>
              </div>
            </FormStatus>
          ) : (
            <form
              ref={formRef}
              className="lead-form download-form"
              noValidate
              onSubmit={onSubmit}
              aria-labelledby="download-form-heading"
            >
              <div>
                <h3 id="download-form-heading">{copy.formHeading}</h3>
                <p className="lead-form__intro">{copy.formText}</p>
              </div>
              {state.status === 'error' ? (
                <FormStatus tone="error" title={copy.failureTitle} message={state.message} />
              ) : null}
              <fieldset className="lead-form__fields" disabled={busy}>
                <FormFields
                  definition={downloadDefinition}
                  copy={copy.fields}
                  layout={LAYOUT}
                  control={field}
                  emailSuggestion={emailSuggestionCopy}
                  errors={methods.formState.errors}
                />
                <HoneypotField label={researchLabels.modal.honeypotLabel} inputRef={honeypot} />
              </fieldset>
              <Button type="submit" size="lg" busy={busy} block>
                {busy ? copy.submittingLabel : copy.submitLabel}
              </Button>
              <FormProgress message={progressMessage(state)} />
              {/* After the button: Tab from the last field reaches the submit, not the link. */}
              <PrivacyLine copy={privacyLineCopy} text={copy.privacyNote} />
            </form>
          )}
        </div>
      </div>
    </Dialog>
  );
}
