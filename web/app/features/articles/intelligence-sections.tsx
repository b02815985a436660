import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { intelligencePageCopy } from '../../content/intelligence-page.ts';
import type { AttackScenario, ResearchFinding } from '../../content/intelligence-types.ts';
import { intelligenceSectionLabels } from '../../content/library-labels.ts';
import { categoryPath } from '../../paths.ts';
import { SeverityBadge } from './severity-badge.tsx';

const copy = intelligencePageCopy;

/** A page section with its heading and introduction. */
export function IntelligenceSection({
  id,
  heading,
  intro,
  tone,
  children,
}: {
  id: string;
  heading: string;
  intro?: string;
  tone?: 'raised';
  children: ReactNode;
}) {
  return (
    <section
      className={['section', tone ? `section--${tone}` : ''].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-heading`}
    >
      <div className="container">
        <header className="section-header">
          <h2 id={`${id}-heading`}>{heading}</h2>
          {intro ? <p className="lead">{intro}</p> : null}
        </header>
        {children}
      </div>
    </section>
  );
}

/** The four challenge cards, each leading to its category page. */
export function ChallengeCards() {
  return (
    <IntelligenceSection
      id="challenges"
      heading={copy.challenges.heading}
      intro={copy.challenges.intro}
      tone="raised"
    >
      <ul className="intel-grid intel-grid--four">
        {copy.challenges.cards.map((card) => (
          <li key={card.categorySlug}>
            <article className="card challenge-card">
              <Icon name="shield" size={28} className="challenge-card__icon" />
              <h3>{card.title}</h3>
              <p>{card.text}</p>
              <a className="challenge-card__link" href={categoryPath(card.categorySlug)}>
                {card.linkLabel}
                <Icon name="arrow-right" size={18} />
              </a>
            </article>
          </li>
        ))}
      </ul>
    </IntelligenceSection>
  );
}

function RiskScore({ score }: { score: number }) {
  const labels = copy.attackScenarios;
  return (
    <div className="risk-score">
      <span className="risk-score__value">
        {score.toFixed(1)}
        <span className="risk-score__scale"> {intelligenceSectionLabels.riskScoreOutOf}</span>
      </span>
      <span className="risk-score__label">{labels.riskScoreLabel}</span>
      <span className="risk-score__bar" aria-hidden="true">
        <span style={{ width: `${score * 10}%` }} />
      </span>
    </div>
  );
}

/** The three attack-scenario walkthroughs, highest risk first. */
export function AttackScenarios({ scenarios }: { scenarios: readonly AttackScenario[] }) {
  const labels = copy.attackScenarios;
  return (
    <IntelligenceSection id="attack-scenarios" heading={labels.heading} intro={labels.intro}>
      <ol className="scenario-list">
        {scenarios.map((scenario, index) => (
          <li key={scenario.id} id={scenario.id}>
            <article className="card scenario" aria-labelledby={`${scenario.id}-title`}>
              <div className="scenario__header">
                <div>
                  <p className="scenario__technique">
                    <span className="visually-hidden">{labels.techniqueLabel}: </span>
                    <code>{scenario.technique}</code> {scenario.techniqueName}
                  </p>
                  <h3 id={`${scenario.id}-title`}>{scenario.title}</h3>
                </div>
                <RiskScore score={scenario.riskScore} />
              </div>
              <p className="scenario__description">{scenario.description}</p>
              <details className="scenario__steps" open={index === 0}>
                <summary>
                  {labels.stepsLabel}{' '}
                  <span className="scenario__count">
                    ({intelligenceSectionLabels.stepsCount(scenario.steps.length)})
                  </span>
                </summary>
                <ol>
                  {scenario.steps.map((step) => (
                    <li key={step.title}>
                      <strong>{step.title}</strong>
                      <p className="scenario__step-detail">{step.detail}</p>
                    </li>
                  ))}
                </ol>
              </details>
              <dl className="scenario__facts">
                <div>
                  <dt>{labels.impactLabel}</dt>
                  <dd>{scenario.impact}</dd>
                </div>
                <div>
                  <dt>{labels.detectedByLabel}</dt>
                  <dd>
                    <ul className="module-list">
                      {scenario.detectedBy.map((module) => (
                        <li key={module}>{module}</li>
                      ))}
                    </ul>
                  </dd>
                </div>
              </dl>
            </article>
          </li>
        ))}
      </ol>
    </IntelligenceSection>
  );
}

/**
 * The breach timeline. The item under the pointer or keyboard focus is highlighted (in CSS);
 * items take focus so keyboard users can step through them the same way.
 */
export function BreachTimeline() {
  return (
    <IntelligenceSection
      id="timeline"
      heading={copy.timeline.heading}
      intro={copy.timeline.intro}
      tone="raised"
    >
      <ol className="timeline">
        {copy.timeline.items.map((item) => (
          <li
            key={item.time}
            className="timeline__item"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users step through the timeline and get the hover highlight.
            tabIndex={0}
          >
            <span className="timeline__time">{item.time}</span>
            <div className="timeline__content">
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </IntelligenceSection>
  );
}

/** Each challenge and the Kryon module that answers it. */
export function SolutionMapping() {
  const labels = copy.solutionMapping;
  return (
    <IntelligenceSection id="solution-mapping" heading={labels.heading} intro={labels.intro}>
      <ul className="intel-grid intel-grid--mapping">
        {labels.mappings.map((mapping) => (
          <li key={mapping.module}>
            <article className="card mapping">
              <h3 className="mapping__challenge">{mapping.challenge}</h3>
              <p className="mapping__module">
                <Icon name="arrow-right" size={18} />
                {mapping.module}
              </p>
              <dl className="mapping__facts">
                <div>
                  <dt>{labels.howLabel}</dt>
                  <dd>{mapping.how}</dd>
                </div>
                <div>
                  <dt>{labels.outcomeLabel}</dt>
                  <dd>{mapping.outcome}</dd>
                </div>
              </dl>
            </article>
          </li>
        ))}
      </ul>
    </IntelligenceSection>
  );
}

/** The latest three monthly research findings. */
export function MonthlyFindings({ findings }: { findings: readonly ResearchFinding[] }) {
  const labels = copy.monthlyFindings;
  return (
    <IntelligenceSection
      id="monthly-findings"
      heading={labels.heading}
      intro={labels.intro}
      tone="raised"
    >
      <ul className="intel-grid intel-grid--three">
        {findings.map((finding) => (
          <li key={finding.month}>
            <article className="card finding">
              <p className="eyebrow">{finding.month}</p>
              <h3>{finding.title}</h3>
              <dl className="finding__facts">
                <div>
                  <dt>{labels.impactLabel}</dt>
                  <dd>
                    <SeverityBadge severity={finding.impact} />
                  </dd>
                </div>
                <div>
                  <dt>{labels.categoryLabel}</dt>
                  <dd>{finding.category}</dd>
                </div>
              </dl>
              <ul className="finding__list">
                {finding.findings.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </article>
          </li>
        ))}
      </ul>
      <ResearchArchiveCta />
    </IntelligenceSection>
  );
}

/** The button to the research archive, with its pitch. */
export function ResearchArchiveCta() {
  const cta = copy.researchArchive;
  return (
    <div className="cta-banner">
      <div>
        <h3>{cta.heading}</h3>
        <p>{cta.text}</p>
      </div>
      <ButtonLink to={cta.href} size="lg">
        {cta.label}
      </ButtonLink>
    </div>
  );
}

/** Playbooks, integrations and API docs; all three buttons lead to the home page. */
export function ResourceTiles() {
  const labels = copy.resources;
  return (
    <IntelligenceSection id="resources" heading={labels.heading} intro={labels.intro}>
      <ul className="intel-grid intel-grid--three">
        {labels.tiles.map((tile) => (
          <li key={tile.id}>
            <article className="card resource-tile">
              <h3>{tile.title}</h3>
              <p>{tile.text}</p>
              <ButtonLink to={tile.href} variant="secondary">
                {tile.buttonLabel}
              </ButtonLink>
            </article>
          </li>
        ))}
      </ul>
    </IntelligenceSection>
  );
}
