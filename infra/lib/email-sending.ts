import { SES_EVENT_TYPES } from '@kryon/functions/ses-event-types';
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

export interface EmailSendingProps {
  /** A domain (verified through Easy DKIM records) or a single e-mail address. */
  identity: string;
  /** The bare From address; IAM lets the functions send as this address only. */
  fromAddress: string;
  /**
   * The identity is in SES already: use it instead of creating it. CloudFormation cannot
   * create an identity that exists (AlreadyExists), and cannot take one over either.
   * @default false: the stack creates the identity
   */
  identityExists?: boolean;
  /**
   * A sending identity of its own for visitor mail (docs/decisions/061), whose reputation
   * bounces and complaints of typed addresses weigh on instead of the sales identity's.
   * @default none: visitor mail goes through `identity` as `fromAddress`
   */
  visitor?: {
    /** A domain (verified through Easy DKIM records) or a single e-mail address. */
    identity: string;
    /** The From header of visitor mail, which the functions send as (VISITOR_MAIL_FROM). */
    from: string;
    /** Its bare address; IAM lets the functions send as this address besides the sales one. */
    fromAddress: string;
    /**
     * The identity is in SES already: use it instead of creating it.
     * @default false
     */
    identityExists?: boolean;
  };
}

/**
 * What became of a message after SES accepted it, the events the delivery-events function
 * records on the lead: delivered, bounced (hard, or soft after SES gave up), complained,
 * rejected by SES, or delayed. Sends, opens and clicks are left out: nothing reads them.
 */
const DELIVERY_EVENT_TYPES: EmailSendingEvent[] = Object.values(SES_EVENT_TYPES).map(
  (event) => EmailSendingEvent[event.destinationType],
);

/**
 * The SES side of the lead e-mails: the sending identity (and, when configured, a second one
 * for visitor mail, docs/decisions/061), and one configuration set per mail
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
  /** The identity of sales mail, and of visitor mail unless it has its own. */
  readonly identity: IEmailIdentity;
  /** The visitor stream's own identity, when one is configured. */
  readonly visitorIdentity: IEmailIdentity | undefined;
  readonly salesConfigurationSet: ConfigurationSet;
  readonly visitorConfigurationSet: ConfigurationSet;
  private readonly fromAddress: string;
  private readonly visitorFrom: { header: string; address: string } | undefined;

  constructor(scope: Construct, id: string, props: EmailSendingProps) {
    super(scope, id);
    this.fromAddress = props.fromAddress;
    this.visitorFrom = props.visitor
      ? { header: props.visitor.from, address: props.visitor.fromAddress }
      : undefined;

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

    this.identity = this.sendingIdentity({
      id: 'Identity',
      outputPrefix: 'DkimRecord',
      identity: props.identity,
      identityExists: props.identityExists,
      // The set of mail that names none (the functions always name one): the sales set.
      configurationSet: this.salesConfigurationSet,
    });
    // Created only when configured, so a stack without it keeps its template as it was.
    this.visitorIdentity = props.visitor
      ? this.sendingIdentity({
          id: 'VisitorIdentity',
          outputPrefix: 'VisitorDkimRecord',
          identity: props.visitor.identity,
          identityExists: props.visitor.identityExists,
          configurationSet: this.visitorConfigurationSet,
        })
      : undefined;
  }

  /**
   * An identity the stack creates (a domain with Easy DKIM, or an address SES mails a link
   * to), with `configurationSet` as its default; or, when it exists already, imported, since
   * CloudFormation can neither create it again nor take it over (its default set stays as ops
   * left it, which is why the functions name a set on every send).
   */
  private sendingIdentity(options: {
    id: string;
    outputPrefix: string;
    identity: string;
    identityExists: boolean | undefined;
    configurationSet: ConfigurationSet;
  }): IEmailIdentity {
    const { id, outputPrefix, identity, configurationSet } = options;
    if (options.identityExists) return EmailIdentity.fromEmailIdentityName(this, id, identity);
    const isAddress = identity.includes('@');
    const created = new EmailIdentity(this, id, {
      identity: isAddress ? Identity.email(identity) : Identity.domain(identity),
      configurationSet,
    });
    if (!isAddress) {
      // SES gives these three CNAMEs only once it has created the identity: ops publish
      // them in the domain's DNS after this deploy, and SES verifies the domain (and signs
      // with DKIM) once they resolve, within 72 hours. Until then every send is refused.
      created.dkimRecords.forEach((record, index) => {
        new CfnOutput(this, `${outputPrefix}${index + 1}`, {
          description: `DKIM CNAME ${index + 1} for ${identity}`,
          value: `${record.name} CNAME ${record.value}`,
        });
      });
    }
    return created;
  }

  /**
   * ses:SendEmail through our identities and either configuration set, as our From addresses
   * only: SES authorises a send on the identity and on the configuration set it names, and
   * `ses:FromAddress` is the bare address of the From. With a visitor identity, each address
   * is allowed through either identity: SES takes the identity from the From, so a pairing
   * would add nothing (and a visitor subdomain is covered by a sales domain identity too).
   */
  sendStatement(): PolicyStatement {
    return new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [
        this.identity.emailIdentityArn,
        ...(this.visitorIdentity ? [this.visitorIdentity.emailIdentityArn] : []),
        this.configurationSetArn(this.salesConfigurationSet),
        this.configurationSetArn(this.visitorConfigurationSet),
      ],
      conditions: {
        StringEquals: {
          'ses:FromAddress': this.visitorFrom
            ? [this.fromAddress, this.visitorFrom.address]
            : this.fromAddress,
        },
      },
    });
  }

  /**
   * The environment of a function that sends: each stream's configuration set by name, and
   * the From of visitor mail when it has an identity of its own (else it goes as MAIL_FROM).
   */
  sendingEnvironment(): Record<string, string> {
    return {
      SES_CONFIGURATION_SET: this.salesConfigurationSet.configurationSetName,
      SES_VISITOR_CONFIGURATION_SET: this.visitorConfigurationSet.configurationSetName,
      ...(this.visitorFrom ? { VISITOR_MAIL_FROM: this.visitorFrom.header } : {}),
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
