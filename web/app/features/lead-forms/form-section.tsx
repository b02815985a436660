import type { ReactNode } from 'react';
import { Icon } from '../../components/ui/icon.tsx';
import type { SectionProgress } from './section-progress.ts';

export interface ProgressLabels {
  readonly progress: (done: number, total: number) => string;
  readonly complete: string;
  readonly inProgress: string;
  readonly optional: string;
}

/**
 * One titled group of a long form: a fieldset named by its heading, so screen readers say
 * which group a field belongs to while the heading stays in the page outline. With `progress`, its header says "x/y completed" and
 * Complete or In Progress in words and an icon, not colour alone.
 */
export function FormSection({
  id,
  title,
  step,
  progress,
  labels,
  optional = false,
  children,
}: {
  id: string;
  title: string;
  /** The section's number in the form, shown before its title. */
  step?: number;
  progress?: SectionProgress;
  labels?: ProgressLabels;
  /** An optional section reads "Optional" until something is filled in. */
  optional?: boolean;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  const statusId = `${id}-status`;
  const showProgress = progress && labels;
  const status = !showProgress
    ? null
    : progress.complete
      ? 'complete'
      : optional && progress.done === 0
        ? 'optional'
        : 'in-progress';
  return (
    <fieldset
      id={id}
      className="form-section"
      aria-labelledby={titleId}
      aria-describedby={showProgress ? statusId : undefined}
    >
      <header className="form-section__header">
        <h3 id={titleId} className="form-section__title">
          {step ? (
            <span className="form-section__step" aria-hidden="true">
              {step}
            </span>
          ) : null}
          {title}
        </h3>
        {showProgress && status ? (
          <p id={statusId} className={`form-section__status form-section__status--${status}`}>
            <span className="form-section__count">
              {labels.progress(progress.done, progress.total)}
            </span>
            <span className="form-section__badge">
              {status === 'complete' ? <Icon name="check" size={14} /> : null}
              {status === 'complete'
                ? labels.complete
                : status === 'optional'
                  ? labels.optional
                  : labels.inProgress}
            </span>
          </p>
        ) : null}
      </header>
      <div className="form-section__body">{children}</div>
    </fieldset>
  );
}
