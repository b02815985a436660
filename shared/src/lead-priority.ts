import {
  AWS_ENVIRONMENT_SIZES,
  type AwsEnvironmentSize,
  type CompanySize,
  DEMO_TYPES,
  type DemoType,
  optionLabel,
  type PartnerCompanySize,
  type Timeframe,
  type Urgency,
} from './options.ts';

/**
 * The qualifying answers a lead may carry, by option value. Each form passes what it asks;
 * a form that asks none of them (contact, download) is never a priority.
 */
export interface PriorityFacts {
  awsEnvironmentSize?: AwsEnvironmentSize;
  /** The demo request's company size. */
  companySize?: CompanySize;
  /** The partner application's company size, in employees. */
  partnerCompanySize?: PartnerCompanySize;
  timeframe?: Timeframe;
  urgency?: Urgency;
  demoType?: DemoType;
}

export interface LeadPriority {
  priority: boolean;
  /** Why, in words a sales person reads at a glance, in a fixed order; empty when not. */
  reasons: string[];
}

/**
 * The site promises the private beta's places to estates of 50+ AWS accounts first: the two
 * sizes above 50 are the customers Kryon wants most.
 */
const LARGE_ESTATES: ReadonlySet<string> = new Set<AwsEnvironmentSize>(['51-100', '100+']);

/**
 * Which leads sales call back first, and why. A lead is a priority when any one holds:
 * - a large AWS estate: 51-100 or 100+ AWS accounts;
 * - an enterprise: the demo's "Enterprise" size, or a partner of 1000+ employees;
 * - it cannot wait: timeframe "ASAP" or urgency "ASAP" (the top of either scale; "within a
 *   week" is the normal pace of a demo booked within the 24-hour response promise);
 * - a hands-on workshop: a team blocking hours of its engineers' time is a buying signal.
 * One rule, here, for every e-mail, export or screen that marks a priority lead.
 */
export function leadPriority(facts: PriorityFacts): LeadPriority {
  const reasons: string[] = [];
  if (facts.awsEnvironmentSize && LARGE_ESTATES.has(facts.awsEnvironmentSize)) {
    reasons.push(optionLabel(AWS_ENVIRONMENT_SIZES, facts.awsEnvironmentSize));
  }
  if (facts.companySize === 'enterprise') reasons.push('Enterprise');
  if (facts.partnerCompanySize === '1000+') reasons.push('1000+ employees');
  if (facts.timeframe === 'asap' || facts.urgency === 'critical') reasons.push('ASAP');
  if (facts.demoType === 'hands-on') reasons.push(optionLabel(DEMO_TYPES, facts.demoType));
  return { priority: reasons.length > 0, reasons };
}
