/**
 * The body of every research item's report, by item id: with the item's own fields in
 * research-items.ts, what the build renders to each PDF (docs/decisions/030). The satisfies
 * clause makes an item without a report a type error.
 */
import type { ResearchDownloadId } from '@kryon/shared/research-catalogue';
import type { ResearchReport } from './research-report-types.ts';
import { adminPortsExposureOctober2026Report } from './research-reports/admin-ports-exposure-october-2026.ts';
import { continuousComplianceEvidenceAwsReport } from './research-reports/continuous-compliance-evidence-aws.ts';
import { imdsv1SsrfToAccountAdminReport } from './research-reports/imdsv1-ssrf-to-account-admin.ts';
import { kevExposurePrioritizationReport } from './research-reports/kev-exposure-prioritization.ts';
import { lambdaFunctionUrlExposureNovember2026Report } from './research-reports/lambda-function-url-exposure-november-2026.ts';
import { paymentsCrossAccountExfiltrationCaseStudyReport } from './research-reports/payments-cross-account-exfiltration-case-study.ts';
import { q32026PrivilegeEscalationReport } from './research-reports/q3-2026-privilege-escalation-report.ts';

export const researchReports: Readonly<Record<string, ResearchReport>> = {
  'q3-2026-privilege-escalation-report': q32026PrivilegeEscalationReport,
  'lambda-function-url-exposure-november-2026': lambdaFunctionUrlExposureNovember2026Report,
  'admin-ports-exposure-october-2026': adminPortsExposureOctober2026Report,
  'imdsv1-ssrf-to-account-admin': imdsv1SsrfToAccountAdminReport,
  'kev-exposure-prioritization': kevExposurePrioritizationReport,
  'payments-cross-account-exfiltration-case-study': paymentsCrossAccountExfiltrationCaseStudyReport,
  'continuous-compliance-evidence-aws': continuousComplianceEvidenceAwsReport,
} satisfies Record<ResearchDownloadId, ResearchReport>;
