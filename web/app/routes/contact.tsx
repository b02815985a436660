import { PageHero } from '../components/ui/page-hero.tsx';
import { contactPageCopy } from '../content/contact-page.ts';
import { ContactForm } from '../features/lead-forms/contact-form.tsx';
import { Departments } from '../features/lead-forms/departments.tsx';
import { Island } from '../islands/island.tsx';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';
import '../components/forms/lead-form.css';

export const meta = () => seo({ ...contactPageCopy.meta, path: PATHS.contact });

export default function ContactPage() {
  const { hero } = contactPageCopy;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} text={hero.text} />
      <section className="section">
        <div className="container contact-layout">
          <div className="card">
            <Island name="contact-form" component={ContactForm} props={{}} hydrate="touch" />
          </div>
          <Departments />
        </div>
      </section>
    </>
  );
}
