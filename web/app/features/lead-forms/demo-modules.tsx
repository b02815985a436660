import { Icon } from '../../components/ui/icon.tsx';
import { Pictogram } from '../../components/ui/pictogram.tsx';
import { toneClass } from '../../components/ui/tone.ts';
import { DEMO_MODULE_ICONS, demoPageCopy } from '../../content/demo-page.ts';
import { demoModuleIds, modules } from '../../content/modules.ts';
import { LeadIntro } from './lead-page-parts.tsx';

const copy = demoPageCopy.modules;
const demoModules = modules.filter((module) => demoModuleIds.includes(module.id));

/** "Platform Modules": the four modules every demo draws on. */
export function DemoModules() {
  return (
    <section className="section lead-section--raised" aria-labelledby="demo-modules-heading">
      <div className="container">
        <LeadIntro
          id="demo-modules-heading"
          eyebrow={copy.eyebrow}
          heading={copy.heading}
          text={copy.text}
        />
        <ul className="lead-grid lead-grid--four">
          {demoModules.map((module) => (
            <li key={module.id} className={`lead-tile ${toneClass(module.colour)}`}>
              <span className="lead-tile__icon">
                <Pictogram name={DEMO_MODULE_ICONS[module.id]} />
              </span>
              <p className="lead-tile__kicker">{module.title}</p>
              <h3 className="lead-tile__title">{module.name}</h3>
              <p className="lead-tile__text">{module.description}</p>
              <ul className="lead-tile__list">
                {module.features.map((feature) => (
                  <li key={feature}>
                    <Icon name="check" size={16} />
                    {feature}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
