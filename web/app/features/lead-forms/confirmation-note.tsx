import type { Confirmation } from '@kryon/shared/api';
import { leadFormCommon } from '../../content/lead-form-copy.ts';

/**
 * What a success view says about the confirmation e-mail, as the API's answer tells it:
 * nothing when the answer says nothing (a form that sends none, or an older API).
 */
export function ConfirmationNote({ confirmation }: { confirmation: Confirmation | undefined }) {
  if (!confirmation) return null;
  return <p>{leadFormCommon.confirmation[confirmation]}</p>;
}
