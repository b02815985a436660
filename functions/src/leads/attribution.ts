import type { Attribution } from '@kryon/shared/attribution';

/**
 * The form's own fields apart from where the lead came from, stored beside them so the
 * visitor's e-mail, built from the fields, never carries it (decision 037).
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
 * Where a lead came from, as one line for sales (decision 037); nothing known, no line.
 * e.g. `Source: newsletter / email / q4-launch, from https://news.example, sent from /demo`
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
