/** Option lists, each with the value stored and the label shown. */
export interface Option<V extends string = string> {
  readonly value: V;
  readonly label: string;
}

export const CONTACT_SUBJECTS = [
  { value: 'demo', label: 'Request Demo' },
  { value: 'pricing', label: 'Pricing' },
  { value: 'support', label: 'Technical Support' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'security', label: 'Security Question' },
  { value: 'general', label: 'General Inquiry' },
] as const satisfies readonly Option[];

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]['value'];

/** Partner application: employees of the applying company. */
export const PARTNER_COMPANY_SIZES = [
  { value: '1-10', label: '1-10 employees' },
  { value: '11-50', label: '11-50 employees' },
  { value: '51-200', label: '51-200 employees' },
  { value: '201-1000', label: '201-1000 employees' },
  { value: '1000+', label: '1000+ employees' },
] as const satisfies readonly Option[];

export type PartnerCompanySize = (typeof PARTNER_COMPANY_SIZES)[number]['value'];

/** The demo request's company size: startup, mid-market or enterprise. */
export const COMPANY_SIZES = [
  { value: 'startup', label: 'Startup' },
  { value: 'midmarket', label: 'Mid-market' },
  { value: 'enterprise', label: 'Enterprise' },
] as const satisfies readonly Option[];

export type CompanySize = (typeof COMPANY_SIZES)[number]['value'];

/** The company-size variant counted in AWS accounts: the awsEnvironmentSize field. */
export const AWS_ENVIRONMENT_SIZES = [
  { value: '1-5', label: '1-5 AWS accounts' },
  { value: '6-20', label: '6-20 AWS accounts' },
  { value: '21-50', label: '21-50 AWS accounts' },
  { value: '51-100', label: '51-100 AWS accounts' },
  { value: '100+', label: '100+ AWS accounts' },
] as const satisfies readonly Option[];

export type AwsEnvironmentSize = (typeof AWS_ENVIRONMENT_SIZES)[number]['value'];

/** People joining the demo (the demo request's audienceSize). */
export const TEAM_SIZES = [
  { value: '1-5', label: '1-5 people' },
  { value: '6-15', label: '6-15 people' },
  { value: '16-30', label: '16-30 people' },
  { value: '30+', label: '30+ people' },
] as const satisfies readonly Option[];

export type TeamSize = (typeof TEAM_SIZES)[number]['value'];

export const URGENCY_LEVELS = [
  { value: 'low', label: 'Flexible' },
  { value: 'medium', label: 'Within 1 month' },
  { value: 'high', label: 'Within 1-2 weeks' },
  { value: 'critical', label: 'ASAP' },
] as const satisfies readonly Option[];

export type Urgency = (typeof URGENCY_LEVELS)[number]['value'];

/** The short industry list (10): a single choice on the partner and demo forms. */
export const INDUSTRIES_SHORT = [
  { value: 'technology', label: 'Technology' },
  { value: 'financial-services', label: 'Financial Services' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'government', label: 'Government' },
  { value: 'education', label: 'Education' },
  { value: 'manufacturing', label: 'Manufacturing' },
  { value: 'retail', label: 'Retail' },
  { value: 'energy', label: 'Energy' },
  { value: 'media-entertainment', label: 'Media & Entertainment' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export type Industry = (typeof INDUSTRIES_SHORT)[number]['value'];

/** The long industry list (11): the companyVerticals multi-select of the demo and beta forms. */
export const INDUSTRIES_LONG = [
  { value: 'technology-software', label: 'Technology & Software' },
  { value: 'financial-services', label: 'Financial Services' },
  { value: 'healthcare-life-sciences', label: 'Healthcare & Life Sciences' },
  { value: 'government-public-sector', label: 'Government & Public Sector' },
  { value: 'manufacturing-industrial', label: 'Manufacturing & Industrial' },
  { value: 'retail-ecommerce', label: 'Retail & E-commerce' },
  { value: 'media-entertainment', label: 'Media & Entertainment' },
  { value: 'education', label: 'Education' },
  { value: 'energy-utilities', label: 'Energy & Utilities' },
  { value: 'professional-services', label: 'Professional Services' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export type CompanyVertical = (typeof INDUSTRIES_LONG)[number]['value'];

/** The demo options, labelled with their titles. */
export const DEMO_TYPES = [
  { value: 'executive', label: 'Executive Overview' },
  { value: 'technical', label: 'Technical Deep Dive' },
  { value: 'hands-on', label: 'Hands-On Workshop' },
] as const satisfies readonly Option[];

export type DemoType = (typeof DEMO_TYPES)[number]['value'];

export const TIMEFRAMES = [
  { value: 'asap', label: 'ASAP' },
  { value: 'within-1-week', label: 'Within 1 week' },
  { value: 'within-2-weeks', label: 'Within 2 weeks' },
  { value: 'within-1-month', label: 'Within 1 month' },
  { value: 'flexible', label: 'Flexible' },
] as const satisfies readonly Option[];

export type Timeframe = (typeof TIMEFRAMES)[number]['value'];

/**
 * The six platform features a demo can focus on (interestedModules): one per Kryon module
 * (Graph, IAM, Vuln, Core, Defend) plus the multi-account coverage every demo
 * option and the "Built for Scale" list promise.
 */
export const PLATFORM_FEATURES = [
  { value: 'attack-path-mapping', label: 'Attack Path Mapping' },
  { value: 'iam-analysis', label: 'IAM & Identity Chain Analysis' },
  { value: 'vulnerability-correlation', label: 'Vulnerability Correlation' },
  { value: 'compliance-monitoring', label: 'Posture & Compliance Monitoring' },
  { value: 'threat-detection', label: 'Threat Detection' },
  { value: 'multi-account-management', label: 'Multi-Account Management' },
] as const satisfies readonly Option[];

export type PlatformFeature = (typeof PLATFORM_FEATURES)[number]['value'];

/**
 * Partner application interests: the partner kinds the partner page addresses (resellers,
 * managed security providers, technology partners) plus referral and services partners.
 */
export const PARTNER_INTERESTS = [
  { value: 'reseller', label: 'Reseller' },
  { value: 'mssp', label: 'Managed Security Services (MSSP)' },
  { value: 'technology-integration', label: 'Technology Integration' },
  { value: 'referral', label: 'Referral Partner' },
  { value: 'consulting', label: 'Consulting & Implementation' },
] as const satisfies readonly Option[];

export type PartnerInterest = (typeof PARTNER_INTERESTS)[number]['value'];

/** The research download form's role: a qualifying choice only. */
export const DOWNLOAD_ROLES = [
  { value: 'security-engineer', label: 'Security Engineer' },
  { value: 'devops-engineer', label: 'DevOps Engineer' },
  { value: 'security-manager', label: 'Security Manager' },
  { value: 'cloud-architect', label: 'Cloud Architect' },
  { value: 'it-manager', label: 'IT Manager' },
  { value: 'security-analyst', label: 'Security Analyst' },
  { value: 'compliance-officer', label: 'Compliance Officer' },
  { value: 'ciso', label: 'CISO/Security Director' },
  { value: 'developer', label: 'Developer' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export type DownloadRole = (typeof DOWNLOAD_ROLES)[number]['value'];

/** The values of an option list as a non-empty tuple, the shape z.enum wants. */
export function optionValues<const T extends readonly Option[]>(options: T) {
  return options.map((o) => o.value) as unknown as [T[number]['value'], ...T[number]['value'][]];
}

export function optionLabel(options: readonly Option[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}
