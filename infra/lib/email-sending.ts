import { CfnOutput, Stack } from 'aws-cdk-lib';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  type IEmailIdentity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { SES_EVENT_TYPES } from '../../functions/src/leads/ses-event-types.ts';

export interface EmailSendingProps {
  /** A domain (verified through Easy DKIM records) or a single e-mail address. */
  identity: string;
  /** The bare From address; IAM lets the functions send as this address only. */
  fromAddress: string;
  /**
   * The identity is in SES already: use it instead of creating it. CloudFormation cannot
   * create an identity that exists (AlreadyExists), and cannot take one over either.
   */
  identityExists?: boolean;
}

/**
 * What became of a message after SES accepted it, the events the delivery-events function
 * records on the lead: delivered, bounced (hard, or soft after SES gave up), complained,
 * rejected by SES, or delayed. Sends, opens and clicks are left out: nothing reads them.
 */
export const DELIVERY_EVENT_TYPES: EmailSendingEvent[] = Object.values(SES_EVENT_TYPES).map(
  (event) => EmailSendingEvent[event.destinationType],
);

/**
 * The SES side of the lead e-mails: the sending identity, and one configuration set per mail
 * stream (docs/decisions/055-two-mail-streams.md), both requiring TLS and keeping reputation
 * metrics:
 * - sales: notifications and digests to the configured sales addresses. It keeps its
 *   construct id (and so its generated name: a new name would replace the deployed set).
 *   Addresses are not suppressed here: a sales mailbox that bounced once (or a colleague's
 *   "spam" click) must not silently drop every later lead's notification.
 * - visitor: confirmations to addresses strangers type, the risky stream; hard bounces and
 *   complaints put the address on the account's suppression list.
 * The functions name the set on every send, so an existing identity (whose default
 * configuration set the stack cannot set) is covered as well.
 */
export class EmailSending extends Construct {
  readonly identity: IEmailIdentity;
  readonly salesConfigurationSet: ConfigurationSet;
  readonly visitorConfigurationSet: ConfigurationSet;
  private readonly fromAddress: string;

  constructor(scope: Construct, id: string, props: EmailSendingProps) {
    super(scope, id);
    this.fromAddress = props.fromAddress;

    this.salesConfigurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      sendingEnabled: true,
      // An empty list: the account's suppression list is neither checked nor added to.
      disableSuppressionList: true,
    });
    this.visitorConfigurationSet = new ConfigurationSet(this, 'VisitorConfigurationSet', {
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      sendingEnabled: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });

    // Both sets publish what became of each message to the account's default event bus, the
    // only bus SES publishes to; a rule there (DeliveryEvents) picks out our two sets.
    const defaultBus = EventBus.fromEventBusName(this, 'DefaultBus', 'default');
    for (const set of [this.salesConfigurationSet, this.visitorConfigurationSet]) {
      set.addEventDestination('DeliveryEvents', {
        destination: EventDestination.eventBus(defaultBus),
        events: [...DELIVERY_EVENT_TYPES],
      });
    }

    const isAddress = props.identity.includes('@');
    if (props.identityExists) {
      this.identity = EmailIdentity.fromEmailIdentityName(this, 'Identity', props.identity);
    } else {
      const created = new EmailIdentity(this, 'Identity', {
        identity: isAddress ? Identity.email(props.identity) : Identity.domain(props.identity),
        // The set of mail that names none (the functions always name one): the sales set.
        configurationSet: this.salesConfigurationSet,
      });
      this.identity = created;
      if (!isAddress) {
        // SES gives these three CNAMEs only once it has created the identity: ops publish
        // them in the domain's DNS after this deploy, and SES verifies the domain (and signs
        // with DKIM) once they resolve, within 72 hours. Until then every send is refused.
        created.dkimRecords.forEach((record, index) => {
          new CfnOutput(this, `DkimRecord${index + 1}`, {
            description: `DKIM CNAME ${index + 1} for ${props.identity}`,
            value: `${record.name} CNAME ${record.value}`,
          });
        });
      }
    }
  }

  /** ses:SendEmail through this identity and either configuration set, as the From address only. */
  sendStatement(): PolicyStatement {
    return new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [
        this.identity.emailIdentityArn,
        this.configurationSetArn(this.salesConfigurationSet),
        this.configurationSetArn(this.visitorConfigurationSet),
      ],
      conditions: { StringEquals: { 'ses:FromAddress': this.fromAddress } },
    });
  }

  /** The environment of a function that sends: each stream's configuration set by name. */
  sendingEnvironment(): Record<string, string> {
    return {
      SES_CONFIGURATION_SET: this.salesConfigurationSet.configurationSetName,
      SES_VISITOR_CONFIGURATION_SET: this.visitorConfigurationSet.configurationSetName,
    };
  }

  /** The environment of a function that reads or pauses the visitor stream only. */
  visitorEnvironment(): Record<string, string> {
    return {
      SES_VISITOR_CONFIGURATION_SET: this.visitorConfigurationSet.configurationSetName,
    };
  }

  /** ses:GetConfigurationSet of the visitor set only: whether its sending is paused. */
  readVisitorSetStatement(): PolicyStatement {
    return new PolicyStatement({
      actions: ['ses:GetConfigurationSet'],
      resources: [this.configurationSetArn(this.visitorConfigurationSet)],
    });
  }

  /**
   * ses:PutConfigurationSetSendingOptions of the visitor set only: the brake may pause mail to
   * visitors, never the sales stream (nor any other set in the account).
   */
  pauseVisitorSetStatement(): PolicyStatement {
    return new PolicyStatement({
      actions: ['ses:PutConfigurationSetSendingOptions'],
      resources: [this.configurationSetArn(this.visitorConfigurationSet)],
    });
  }

  private configurationSetArn(set: ConfigurationSet): string {
    return Stack.of(this).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: set.configurationSetName,
    });
  }

  /** ses:GetEmailIdentity of this identity only: whether SES may send as it yet. */
  readIdentityStatement(): PolicyStatement {
    return new PolicyStatement({
      actions: ['ses:GetEmailIdentity'],
      resources: [this.identity.emailIdentityArn],
    });
  }
}
