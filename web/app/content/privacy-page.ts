/**
 * Copy of the privacy notice, /privacy. What it says about stored data follows what the form
 * functions store (functions/src/leads/lead.ts, StoredLead); the field lists are typed
 * against the shared form schemas and the retention figures come from the shared constant
 * the infrastructure uses too, so neither can drift from the code unnoticed.
 */

import { DATA_RETENTION } from '@kryon/shared/constants';
import type { BetaAccessInput } from '@kryon/shared/forms/beta-access';
import type { ContactInput } from '@kryon/shared/forms/contact';
import type { DemoRequestInput } from '@kryon/shared/forms/demo';
import type { DownloadInput } from '@kryon/shared/forms/download';
import type { PartnerInput } from '@kryon/shared/forms/partner';
import { PATHS } from '../paths.ts';
import { type LeadDestinationKind, SITE } from '../site-config.ts';
import type { FieldNotes, PrivacyPageCopy } from './privacy-types.ts';

/** "730 days (about 2 years)": the exact figure, and one a reader can picture. */
/**
 * The recipients a deployment adds when it sends leads beyond e-mail (the environment file's
 * destinations), by kind: what the notice must name, and nothing more.
 */
export function destinationRecipients(kinds: readonly LeadDestinationKind[]): string[] {
  const text: Record<LeadDestinationKind, string> = {
    slack:
      'Slack (Slack Technologies, part of Salesforce) shows each submission to our sales team in our team chat, without your e-mail address or phone number. When you ask us to erase your data, the channel is told and we delete the message there.',
    webhook:
      'The sales tools we connect to this site (a customer-relationship system, or an automation service that feeds one) receive each submission, and later whether our e-mail to you was delivered, whether you opened the report you asked for, and your request to erase it, which they act on.',
  };
  return kinds.map((kind) => text[kind]);
}

/**
 * How long the event archive keeps the notifications a deployment sends beyond e-mail, when it
 * sends any (the bus's archive, decision 090).
 */
export function destinationRetention(kinds: readonly LeadDestinationKind[]): string[] {
  return kinds.length === 0
    ? []
    : [
        'The copies of the notifications sent to those tools that our hosting keeps so a failed one can be sent again: 30 days. After you ask us to erase your data, none of them is sent again.',
      ];
}

export function retentionText(days: number): string {
  const approx =
    days >= 365
      ? `${Math.round(days / 365)} year${Math.round(days / 365) === 1 ? '' : 's'}`
      : `${Math.round(days / 30)} month${Math.round(days / 30) === 1 ? '' : 's'}`;
  return `${days} days (about ${approx})`;
}

/**
 * Privacy requests go to the team that receives and holds the leads, at an address the site
 * already publishes; a dedicated privacy address would replace it here.
 */
const PRIVACY_EMAIL = SITE.departments.sales;
const emailLink = { text: PRIVACY_EMAIL, href: `mailto:${PRIVACY_EMAIL}` };
const contactLink = { text: 'contact page', to: PATHS.contact } as const;

/** Sent by the browser with every form, not typed: described under "What we keep besides your answers". */
const visit = {
  attribution: 'Where your visit came from (sent by your browser, see below)',
} as const;

const requester = {
  fullName: 'Full name',
  workEmail: 'Work e-mail address',
  companyName: 'Company',
  jobTitle: 'Job title',
} as const;

const qualification = {
  awsEnvironmentSize: 'Size of your AWS environment',
  companyVerticals: 'Industry verticals',
  securityChallenges: 'Your biggest AWS security challenges',
  whyKryon: 'Why you are interested in Kryon',
  additionalInfo: 'Anything else you tell us (optional)',
} as const;

export const contactFields = {
  name: 'Full name',
  email: 'Work e-mail address',
  company: 'Company (optional)',
  subject: 'Subject',
  message: 'Message',
  phone: 'Phone number (optional)',
  ...visit,
} as const satisfies FieldNotes<ContactInput>;

export const partnerFields = {
  name: 'Full name',
  email: 'Work e-mail address',
  company: 'Company',
  position: 'Position',
  phone: 'Phone number',
  companySize: 'Company size',
  industry: 'Industry',
  interests: 'Partnership interests',
  message: 'What you tell us about your company',
  ...visit,
} as const satisfies FieldNotes<PartnerInput>;

export const demoFields = {
  ...requester,
  companySize: 'Company size',
  industry: 'Industry',
  demoType: 'Demo type',
  urgency: 'How urgent the demo is',
  audienceSize: 'How many people will join (optional)',
  interestedModules: 'Modules you want to see',
  specificUseCases: 'Specific use cases',
  timeframe: 'Preferred timeframe',
  additionalRequirements: 'Additional requirements (optional)',
  ...qualification,
  consentProcessing: 'Your agreement in the consent box, with its wording and the time',
  ...visit,
} as const satisfies FieldNotes<DemoRequestInput>;

export const betaAccessFields = {
  ...requester,
  ...qualification,
  consentProcessing:
    'Your confirmation that the beta is invite only, with the box’s wording and the time',
  ...visit,
} as const satisfies FieldNotes<BetaAccessInput>;

export const downloadFields = {
  email: 'E-mail address',
  firstName: 'First name',
  company: 'Company',
  role: 'Role',
  researchId: 'The research report you asked for',
  ...visit,
} as const satisfies FieldNotes<DownloadInput>;

const leadDays = DATA_RETENTION.leadDays;

export const privacyPageCopy: PrivacyPageCopy = {
  meta: {
    title: 'Privacy Policy | Kryon',
    description: `What the forms on Kryon's website collect, why, who receives it, how long it is kept (${leadDays} days) and how to get a copy or have it erased. No cookies.`,
  },
  hero: {
    eyebrow: 'Privacy',
    title: 'Privacy Policy',
    text: `This notice explains what happens to the personal data you send through the forms on this website: what is collected, why, who receives it, how long it is kept and how you can see or erase it. In short: we use it only to answer your request, keep it for ${retentionText(leadDays)}, set no cookies and load no trackers.`,
  },
  lastUpdated: { label: 'Last updated', date: '2026-11-29' },
  contentsLabel: 'On this page',
  sections: [
    {
      id: 'who-is-responsible',
      heading: 'Who is responsible',
      blocks: [
        {
          kind: 'paragraph',
          text: `${SITE.legalName} (“${SITE.name}”) runs this website and decides how the personal data sent through its forms is used.`,
        },
        {
          kind: 'paragraph',
          text: [
            'For any question about this notice or your data, write to ',
            emailLink,
            ' or use our ',
            contactLink,
            '.',
          ],
        },
      ],
    },
    {
      id: 'what-we-collect',
      heading: 'What each form collects',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Each form sends only the answers you give in it. Fields marked optional can be left empty.',
        },
        {
          kind: 'forms',
          fieldsLabel: 'What it collects',
          forms: [
            {
              form: 'contact',
              name: 'Contact form',
              page: { label: 'Contact page', to: PATHS.contact },
              purpose: 'To reply to your message.',
              fields: contactFields,
            },
            {
              form: 'partner',
              name: 'Partner application',
              page: { label: 'Become a Partner page', to: PATHS.becomePartner },
              purpose:
                'To review your application and reply to it. We may also e-mail you a confirmation.',
              fields: partnerFields,
            },
            {
              form: 'demo',
              name: 'Demo request',
              page: { label: 'Demo page', to: PATHS.demo },
              purpose:
                'To arrange and give the demo you asked for. We may also e-mail you a confirmation.',
              fields: demoFields,
            },
            {
              form: 'beta-access',
              name: 'Private beta request',
              page: { label: 'Invitation Request page', to: PATHS.requestAccess },
              purpose:
                'To review your request for a place in the private beta and reply to it. We may also e-mail you a confirmation.',
              fields: betaAccessFields,
            },
            {
              form: 'download',
              name: 'Research download',
              page: { label: 'Research Archive page, Download buttons', to: PATHS.researchArchive },
              purpose:
                'To give you a personal link to the report you asked for, on screen and by e-mail, and to know who asked for it.',
              fields: downloadFields,
            },
          ],
        },
      ],
    },
    {
      id: 'kept-with-your-answers',
      heading: 'What we keep besides your answers',
      blocks: [
        {
          kind: 'paragraph',
          text: 'With each submission we store a few technical details, to keep the forms working and free of abuse:',
        },
        {
          kind: 'list',
          items: [
            'The date and time you sent it.',
            'A keyed hash of your IP address, never the address itself. It lets us limit how many forms one network can send a minute.',
            'A keyed hash of your e-mail address, so we can limit how often one address is used and find all your submissions when you ask.',
            'Your browser’s user agent: the name and version your browser reports.',
            'A random key your browser makes for each sending, so a send that is retried after a network error is stored only once.',
            'How long the form took to fill in, whether our spam checks flagged it, and whether your browser passed the browser check (see below).',
            'Whether and when each e-mail about your submission was sent.',
            'For a research download: when you first opened the report through your personal link, and how many times you opened it.',
            'Where your visit came from: the first page you opened on this site, the address of the site that linked you here (only its domain, never the full address), the campaign tags (utm_ parameters) of the link you followed, and the page you sent the form from.',
          ],
        },
      ],
    },
    {
      id: 'why-we-use-it',
      heading: 'Why we use it',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We use what you send only to answer your request: to reply, to arrange a demo, to review an application or to send the report you asked for. The technical details above protect the forms against spam and abuse and tell us which of our pages and campaigns bring requests.',
        },
        {
          kind: 'paragraph',
          text: 'We rely on your request (taking the steps you asked for), on our legitimate interest in answering business enquiries and keeping our forms safe, and, for the demo request, on the consent you give in its consent box. We do not sell your data, and we do not add you to a newsletter.',
        },
      ],
    },
    {
      id: 'who-receives-it',
      heading: 'Who receives it',
      blocks: [
        {
          kind: 'list',
          items: [
            `${SITE.name}’s sales team receives each submission by e-mail; a partner application may go to our partnerships team instead.`,
            'Amazon Web Services (AWS) processes it for us, only on our instructions: AWS hosts the website (Amazon S3 and CloudFront), runs the forms (AWS Lambda and API Gateway), stores submissions (Amazon DynamoDB) and sends the e-mails (Amazon SES). Submissions are stored and processed in the AWS region where we run this site; CloudFront delivers the pages from locations near you.',
            ...destinationRecipients(SITE.leadDestinations),
            'You, for the forms that e-mail you a confirmation or a link. Those e-mails carry only our own text, never what you typed, so nobody can use a form to send someone else a message.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'Nobody else: no advertising network, analytics provider or data broker receives your data.',
        },
      ],
    },
    {
      id: 'how-long-we-keep-it',
      heading: 'How long we keep it',
      blocks: [
        {
          kind: 'list',
          items: [
            `Your submission and everything kept with it: ${retentionText(leadDays)} from the day you send it. Then it is deleted automatically.`,
            'The counters that limit how often an address or a network can send (kept under hashed keys): a day and an hour at most.',
            `The request logs our hosting writes for the website and the forms (the time, the page or address requested and your browser’s user agent; for the website also your IP address): ${retentionText(DATA_RETENTION.logDays)}.`,
            'The e-mails about your request in our team’s mailbox: while we deal with your request, and deleted with your submission when you ask us to erase it.',
            ...destinationRetention(SITE.leadDestinations),
            'What your browser keeps in this tab (see below): until you close the tab.',
          ],
        },
      ],
    },
    {
      id: 'cookies-and-trackers',
      heading: 'Cookies, trackers and your browser',
      blocks: [
        {
          kind: 'list',
          items: [
            'This site sets no cookies, neither its own nor anyone else’s.',
            'It loads no third-party scripts, analytics, advertising, tracking pixels or web fonts. Every file comes from this site’s own address, and its Content-Security-Policy tells your browser to refuse anything else.',
            'Your browser keeps two things in this tab’s session storage, which it deletes when you close the tab: answers you have typed into the partner, demo and beta forms but not sent yet, so a reload does not lose them (removed once the form is sent), and where your visit came from (see above), which is sent only with a form you send.',
            'Before a form is sent, your browser solves a small computing puzzle from our own server, to show that a browser and not a script is sending it. It runs on your device and sends nothing about you.',
            'The links to our profiles on LinkedIn, X, GitHub and YouTube take you to those sites, whose own privacy policies apply.',
          ],
        },
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      blocks: [
        {
          kind: 'paragraph',
          text: 'You have the right to:',
        },
        {
          kind: 'list',
          items: [
            'see the data we hold about you and get a copy of it (access);',
            'have wrong or incomplete data corrected (correction);',
            'have your data erased (erasure);',
            'object to our use of it, and withdraw a consent you gave, at any time and with effect for the future (objection);',
            'complain to a data protection supervisory authority, for example the one where you live or work.',
          ],
        },
      ],
    },
    {
      id: 'how-to-ask',
      heading: 'How to ask for access or erasure',
      blocks: [
        {
          kind: 'paragraph',
          text: [
            'Write to ',
            emailLink,
            ' from the address you used in the form, or tell us that address, and say what you would like: a copy, a correction or erasure. We answer within one month.',
          ],
        },
        {
          kind: 'paragraph',
          text: `To find your data we search the submissions of every form for your address, however it was written (capital letters, a +tag, the dots of a Gmail address), and list them. To erase it we delete each of those submissions and the counters kept for your address, take your address off the lists of addresses we no longer e-mail (ours and our e-mail provider’s), and delete the e-mails about them from our team’s mailbox. What cannot be deleted at once: the database’s recovery copy keeps deleted records for up to 35 days, and its daily backups keep them until each backup is deleted, ${retentionText(leadDays)} after it was made; backups are only ever read to recover the database after a failure, and if one is, we erase your data from it again. A record of a failed e-mail delivery naming your address may stay in an error queue for up to 14 days.`,
        },
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this notice',
      blocks: [
        {
          kind: 'paragraph',
          text: 'When what we collect or how we use it changes, we update this notice and the date at the top of it.',
        },
      ],
    },
  ],
};
