/** The account the local emulators' ARNs, events and SES records name. */
export const LOCAL_ACCOUNT = '000000000000';

/**
 * An event as EventBridge keeps it and hands it to a rule's target: its envelope around the
 * `detail` (https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-events-structure.html).
 * The local lead-event bus and the local SES events both write it, as AWS would; verify's
 * SES sample events are shaped by it.
 */
export interface EventBridgeEnvelope<Detail = unknown> {
  version: string;
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  /** When it happened, to the second, as EventBridge writes it. */
  time: string;
  region: string;
  resources: string[];
  detail: Detail;
  /** Set on an event a replay sent again, as EventBridge does. */
  'replay-name'?: string;
}
