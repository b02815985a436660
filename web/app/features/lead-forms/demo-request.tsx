import type { SubmissionAccepted } from '@kryon/shared/api';
import { UI } from '@kryon/shared/constants';
import { type DemoRequest as DemoRequestValues, demoDefinition } from '@kryon/shared/forms/demo';
import { DEMO_TYPES, type DemoType } from '@kryon/shared/options';
import { useEffect, useRef, useState } from 'react';
import { ScriptNote } from '../../components/forms/script-note.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Pictogram } from '../../components/ui/pictogram.tsx';
import { Toast } from '../../components/ui/toast.tsx';
import { toneClass } from '../../components/ui/tone.ts';
import { demoOption, demoPageCopy } from '../../content/demo-page.ts';
import { leadFormCommon } from '../../content/lead-form-copy.ts';
import type { Submit } from '../../lib/api-client.ts';
import { useLeadForm } from '../../lib/lead-form/use-lead-form.ts';
import { liveBeforeHydration } from '../../lib/live-before-hydration.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { DemoBanner } from './demo-banner.tsx';
import { DemoConfirmation } from './demo-confirmation.tsx';
import { DemoForm } from './demo-form.tsx';
import { DemoModules } from './demo-modules.tsx';
import { DemoPicker } from './demo-picker.tsx';
import { StepList } from './lead-page-parts.tsx';
import { revealPageTop, revealSection } from './scroll.ts';

const copy = demoPageCopy;

/** The element id of the form section, the target of the page's links to the form. */
export const DEMO_FORM_SECTION_ID = 'demo-request-form-section';

function isDemoType(value: unknown): value is DemoType {
  return DEMO_TYPES.some((type) => type.value === value);
}

interface Submitted {
  request: DemoRequestValues;
  accepted: SubmissionAccepted;
}

/**
 * The demo page below its hero: the cards choose the demo type,
 * which opens the form; a floating banner recalls the choice; success swaps the form for a
 * confirmation and a toast, and "Schedule Another Demo" starts everything over.
 */
export function DemoRequestJourney({
  submit,
}: {
  /** Replaced in tests; pages use the shared API client. */
  submit?: Submit;
}) {
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [bannerShown, setBannerShown] = useState(false);
  const [bannerDismissed, setBannerDismissed] = useState(false);
  const scrollTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const bannerTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const optionsHeading = useRef<HTMLHeadingElement>(null);
  const formSection = useRef<HTMLElement>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const hydrated = useHydrated();

  const lead = useLeadForm({
    definition: demoDefinition,
    saveDraft: true,
    // The selection and the answers stay until "Schedule Another Demo".
    resetOnSuccess: false,
    onSuccess: (request, accepted) => {
      setSubmitted({ request, accepted });
      setToast(copy.success.toast(demoOption(request.demoType).title));
    },
    ...(submit ? { submit } : {}),
  });
  const demoType = lead.methods.watch('demoType');
  const selected = isDemoType(demoType) ? demoType : null;
  const bannerVisible = selected !== null && bannerShown && !bannerDismissed && !submitted;

  useEffect(
    () => () => {
      clearTimeout(scrollTimer.current);
      clearTimeout(bannerTimer.current);
    },
    [],
  );

  // While the banner floats under the header, anchor scrolling and focus scrolling stop
  // below it too, so it never covers the field a keyboard user moves to.
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('has-demo-banner', bannerVisible);
    return () => root.classList.remove('has-demo-banner');
  }, [bannerVisible]);

  // The confirmation is shorter than the form it replaces: show it from the section's top,
  // clear of the toast, rather than wherever focusing it happened to scroll.
  useEffect(() => {
    if (submitted && formSection.current) revealSection(formSection.current);
  }, [submitted]);

  const goToForm = () => {
    if (formSection.current) revealSection(formSection.current, formHeading.current);
  };
  const goToOptions = () => {
    const section = optionsHeading.current?.closest('section');
    if (section) revealSection(section, optionsHeading.current);
  };

  const startOver = () => {
    clearTimeout(scrollTimer.current);
    clearTimeout(bannerTimer.current);
    lead.methods.reset();
    lead.setState({ status: 'idle' });
    setSubmitted(null);
    setToast(null);
    setBannerShown(false);
    setBannerDismissed(false);
  };

  const selectDemo = (id: DemoType) => {
    // A new choice after a submission starts a new request.
    if (submitted) startOver();
    lead.methods.setValue('demoType', id, { shouldDirty: true });
    lead.methods.clearErrors('demoType');
    clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(goToForm, UI.scrollAfterNavigationMs);
    if (!bannerShown && !bannerDismissed) {
      clearTimeout(bannerTimer.current);
      bannerTimer.current = setTimeout(() => setBannerShown(true), UI.demoPromptDelayMs);
    }
  };

  const scheduleAnother = () => {
    startOver();
    revealPageTop();
  };

  const dismissBanner = () => {
    setBannerDismissed(true);
    // The banner sits just before the form in the document, so focus continues there.
    formHeading.current?.focus({ preventScroll: true });
  };

  const option = selected ? demoOption(selected) : null;

  return (
    <>
      <section className="section" aria-labelledby="demo-options-heading">
        <div className="container">
          <div className="lead-intro">
            <span className="eyebrow">{copy.options.eyebrow}</span>
            <h2 id="demo-options-heading" ref={optionsHeading} tabIndex={-1}>
              {copy.options.heading}
            </h2>
            <p className="lead">{copy.options.text}</p>
          </div>
          <ScriptNote text={leadFormCommon.needsScript} className="demo-script-note" />
          <DemoPicker selected={selected} onSelect={selectDemo} />
        </div>
      </section>

      <DemoModules />

      {bannerVisible && option ? (
        <DemoBanner option={option} onComplete={goToForm} onDismiss={dismissBanner} />
      ) : null}

      <section
        id={DEMO_FORM_SECTION_ID}
        ref={formSection}
        className="section lead-section--raised"
        aria-labelledby="demo-form-heading"
      >
        <div className="container">
          <h2 id="demo-form-heading" ref={formHeading} tabIndex={-1} className="lead-section-title">
            {copy.formSection.heading}
          </h2>
          {submitted ? (
            <div className="card lead-card">
              <DemoConfirmation
                request={submitted.request}
                accepted={submitted.accepted}
                onScheduleAnother={scheduleAnother}
              />
            </div>
          ) : option ? (
            <div className="lead-layout">
              <div className="card lead-card">
                <div className={`demo-choice ${toneClass(option.colour)}`}>
                  <span className="demo-choice__icon">
                    <Pictogram name={option.icon} size={20} />
                  </span>
                  <p className="demo-choice__text">
                    <span className="demo-choice__label">{copy.formSection.selectedLabel}</span>
                    <strong>{option.title}</strong>
                    <span className="demo-choice__duration">{option.duration}</span>
                  </p>
                  <Button variant="ghost" size="sm" onClick={goToOptions}>
                    {copy.formSection.change}
                  </Button>
                </div>
                <DemoForm lead={lead} />
              </div>
              <aside className="lead-aside" aria-labelledby="demo-next-heading">
                <div className="card lead-card">
                  <h3 id="demo-next-heading">{copy.formSection.nextHeading}</h3>
                  <StepList steps={copy.formSection.nextSteps} />
                </div>
              </aside>
            </div>
          ) : (
            <div className="card lead-card demo-empty">
              <span className="demo-empty__icon">
                <Pictogram name="target" size={32} />
              </span>
              <h3>{copy.formSection.emptyTitle}</h3>
              <p>{copy.formSection.emptyText}</p>
              <Button
                variant="secondary"
                disabled={!hydrated}
                onClick={goToOptions}
                {...liveBeforeHydration(hydrated)}
              >
                {copy.formSection.emptyAction}
              </Button>
            </div>
          )}
        </div>
      </section>

      <Toast
        message={toast}
        dismissLabel={copy.success.toastDismiss}
        onDismiss={() => setToast(null)}
      />
    </>
  );
}
