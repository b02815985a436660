import type { Attribution } from '@kryon/shared/attribution';

/**
 * The form's own fields apart from where the lead came from. The attribution is about the
 * visit, not what the visitor typed: it is stored beside the fields, so the e-mail to the
 * visitor, which is built from the fields, can never carry it.
 */
export function splitAttribution(data: Record<string, unknown>): {
  fields: Record<string, unknown>;
  attribution: Attribution | undefined;
} {
  // The form schema's attribution field has made it an Attribution or undefined.
  const { attribution, ...fields } = data;
  return { fields, attribution: attribution as Attribution | undefined };
}

/**
 * Where a lead came from, as one line for sales: the campaign as source / medium / campaign
 * (a "-" holds the place of a missing one, so the order always reads the same), its term and
 * content, the referring site, the landing page and the page the form was sent from. Nothing
 * known: no line.
 *
 * e.g. `Source: newsletter / email / q4-launch, from https://news.example,
 * landed on /security-intelligence/identity-risks/long-lived-access-keys, sent from /demo`
 */
export function sourceLine(attribution: Attribution | undefined): string | undefined {
  if (!attribution) return undefined;
  const { utmSource, utmMedium, utmCampaign, utmTerm, utmContent } = attribution;
  const campaign =
    utmSource || utmMedium || utmCampaign
      ? [utmSource, utmMedium, utmCampaign].map((part) => part || '-').join(' / ')
      : undefined;
  const tags = [utmTerm && `term ${utmTerm}`, utmContent && `content ${utmContent}`]
    .filter(Boolean)
    .join(', ');
  const parts = [
    campaign && tags ? `${campaign} (${tags})` : campaign || tags,
    attribution.referrerOrigin && `from ${attribution.referrerOrigin}`,
    attribution.landingPath && `landed on ${attribution.landingPath}`,
    attribution.formPath && `sent from ${attribution.formPath}`,
  ].filter(Boolean);
  return parts.length > 0 ? `Source: ${parts.join(', ')}` : undefined;
}

/** The same as a row of the sales e-mail's details: "Source" and its description. */
export function sourceRows(
  attribution: Attribution | undefined,
): { label: string; value: string }[] {
  const line = sourceLine(attribution);
  return line ? [{ label: 'Source', value: line.slice('Source: '.length) }] : [];
}
