import { SES_EVENT_TYPES } from '@kryon/functions/ses-event-types';
import { CfnOutput, RemovalPolicy, Stack } from 'aws-cdk-lib';
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
   * A sending identity of its own for visitor mail, whose reputation typed addresses' bounces
   * and complaints weigh on instead of the sales identity's (decision 061).
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
 * The events the delivery-events function records on the lead; sends, opens and clicks are
 * left out: nothing reads them (decision 060).
 */
const DELIVERY_EVENT_TYPES: EmailSendingEvent[] = Object.values(SES_EVENT_TYPES).map(
  (event) => EmailSendingEvent[event.destinationType],
);

/**
 * The SES side of the lead e-mails: the sending identity (and a visitor one when configured,
 * decision 061) and a configuration set per mail stream, both requiring TLS: sales suppresses
 * nothing, visitor suppresses bounces and complaints (decision 055). The sales set keeps its
 * construct id: a new generated name would replace the deployed set.
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

    // Neither set says whether it sends (no SendingOptions: SES creates a set sending): the
    // brake, or a person, pauses a set through the API, and a deploy that wrote
    // SendingEnabled: true would turn it back on without anyone deciding it (decision 084).
    this.salesConfigurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      // An empty list: the account's suppression list is neither checked nor added to.
      disableSuppressionList: true,
    });
    this.visitorConfigurationSet = new ConfigurationSet(this, 'VisitorConfigurationSet', {
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    // Kept when the stack stops declaring them (a stack renamed, deleted, or overwritten by
    // another environment's template): their reputation metrics and pause state go with them.
    // README "Removing retained resources" says how to delete them on purpose.
    for (const set of [this.salesConfigurationSet, this.visitorConfigurationSet]) {
      set.applyRemovalPolicy(RemovalPolicy.RETAIN);
    }

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
   * An identity the stack creates, with `configurationSet` as its default; or, when it exists,
   * imported: CloudFormation can neither create it again nor take it over (decision 033).
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
    // Kept when the stack stops declaring it: deleted, a new one needs its DKIM records
    // verified again, up to 72 hours without mail (decisions 033, 084).
    created.applyRemovalPolicy(RemovalPolicy.RETAIN);
    if (!isAddress) {
      // SES gives these CNAMEs only once it created the identity: ops publish them after this
      // deploy, and every send is refused until SES verifies them (decision 033).
      created.dkimRecords.forEach((record, index) => {
        // Under the name the README gives, not one derived from the construct's path.
        new CfnOutput(this, `${outputPrefix}${index + 1}`, {
          key: `${outputPrefix}${index + 1}`,
          description: `DKIM CNAME ${index + 1} for ${identity}`,
          value: `${record.name} CNAME ${record.value}`,
        });
      });
    }
    return created;
  }

  /**
   * ses:SendEmail through our identities and either configuration set, as our From addresses
   * only; each address through either identity, since SES takes the identity from the From
   * (decision 061).
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
