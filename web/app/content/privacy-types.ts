/**
 * Types of the privacy notice, /privacy. Text that links somewhere is a list of pieces, so
 * copy never carries markup and the page decides how a link looks.
 */
import type { LeadForm } from '@kryon/shared/api';
import type { PageMeta, SitePath } from './marketing-types.ts';

/** A piece of running text: plain words, a link to a page of the site, or an outside link. */
export type Inline =
  | string
  | { readonly text: string; readonly to: SitePath }
  | { readonly text: string; readonly href: string };

/** A sentence or paragraph; a plain string when nothing in it links anywhere. */
export type RichText = string | readonly Inline[];

/**
 * One plain-language line for each field a form's shared schema accepts, keyed by the
 * schema's field names: a field added to a schema fails the type check here until the notice
 * says what it is, and a field removed from it fails as an unknown key.
 */
export type FieldNotes<Input> = { readonly [Field in keyof Required<Input>]: string };

export interface PrivacyFormEntry {
  readonly form: LeadForm;
  readonly name: string;
  /** The page the form is on. */
  readonly page: { readonly label: string; readonly to: SitePath };
  /** What the form's answers are used for. */
  readonly purpose: string;
  readonly fields: Readonly<Record<string, string>>;
}

export type PrivacyBlock =
  | { readonly kind: 'paragraph'; readonly text: RichText }
  | { readonly kind: 'list'; readonly items: readonly RichText[] }
  | {
      readonly kind: 'forms';
      readonly fieldsLabel: string;
      readonly forms: readonly PrivacyFormEntry[];
    };

export interface PrivacySection {
  /** The section's anchor, linked from the page's contents list. */
  readonly id: string;
  readonly heading: string;
  readonly blocks: readonly PrivacyBlock[];
}

export interface PrivacyPageCopy {
  readonly meta: PageMeta;
  readonly hero: { readonly eyebrow: string; readonly title: string; readonly text: string };
  readonly lastUpdated: { readonly label: string /** YYYY-MM-DD */; readonly date: string };
  readonly contentsLabel: string;
  readonly sections: readonly PrivacySection[];
}
