import type { SubmissionAccepted } from '@kryon/shared/api';
import type { DemoRequest } from '@kryon/shared/forms/demo';
import { optionLabel, TIMEFRAMES } from '@kryon/shared/options';
import { FormStatus } from '../../components/forms/form-status.tsx';
import { Button, ButtonLink, buttonClass } from '../../components/ui/button.tsx';
import { demoOption, demoPageCopy } from '../../content/demo-page.ts';
import { leadFormCommon } from '../../content/lead-form-copy.ts';
import { PATHS } from '../../paths.ts';
import { SITE } from '../../site-config.ts';
import { ConfirmationNote } from './confirmation-note.tsx';
import { StepList } from './lead-page-parts.tsx';

const copy = demoPageCopy.success;

/** What the visitor sees once their demo request is accepted. */
export function DemoConfirmation({
  request,
  accepted,
  onScheduleAnother,
}: {
  request: DemoRequest;
  accepted: SubmissionAccepted;
  onScheduleAnother: () => void;
}) {
  const option = demoOption(request.demoType);
  const details: readonly [string, string][] = [
    [copy.details.demo, option.title],
    [copy.details.duration, option.duration],
    [copy.details.name, request.fullName],
    [copy.details.email, request.workEmail],
    [copy.details.company, request.companyName],
    [copy.details.timeframe, optionLabel(TIMEFRAMES, request.timeframe)],
    [copy.details.reference, accepted.submissionId],
  ];
  return (
    <FormStatus tone="success" title={copy.title} message={accepted.message} focusOnShow>
      <ConfirmationNote confirmation={accepted.confirmation} />
      <div className="demo-confirmation">
        <div>
          <h4 className="demo-confirmation__heading">{copy.detailsHeading}</h4>
          <dl className="demo-confirmation__details">
            {details.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div>
          <h4 className="demo-confirmation__heading">{copy.nextHeading}</h4>
          <StepList steps={copy.nextSteps} compact />
        </div>
      </div>
      <div className="lead-actions">
        <ButtonLink to={PATHS.intelligence} variant="secondary">
          {copy.explore}
        </ButtonLink>
        <a
          className={buttonClass({ variant: 'outline' })}
          href={SITE.profiles.linkedin}
          target="_blank"
          rel="noopener noreferrer"
        >
          {copy.follow}
          <span className="visually-hidden"> {leadFormCommon.newTab}</span>
        </a>
        <Button onClick={onScheduleAnother}>{copy.again}</Button>
      </div>
    </FormStatus>
  );
}
