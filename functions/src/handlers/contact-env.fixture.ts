/**
 * A contact function's environment for tests, secrets' values aside; deployed, the stack gives
 * the recipients as MAIL_TO_CONTACT (infra/lib/forms-api.ts), which the function reads first.
 */
export const CONTACT_ENV = {
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  TABLE_NAME: 'leads-unit',
  MAIL_FROM: 'Kryon Website <no-reply@kryon.example>',
  MAIL_TO: 'sales@kryon.example, ops@kryon.example',
  SES_CONFIGURATION_SET: 'kryon-sales',
  SES_VISITOR_CONFIGURATION_SET: 'kryon-visitor',
  IP_HASH_SECRET: 'unit-secret',
  SITE_ORIGIN: 'https://www.kryon.example',
};
