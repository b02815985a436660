/**
 * Copy of the company page, /what-we-are. The founder's name
 * is withheld from copy and comes from site configuration.
 */
import type { CompanyPageCopy } from './marketing-types.ts';

export const companyPageCopy: CompanyPageCopy = {
  meta: {
    title: 'What We Are | Kryon',
    description:
      'Kryon is built by AWS security experts with 10+ years of experience, on a mission to show defenders every cloud attack path before attackers find it.',
  },
  hero: {
    title: 'We build the map defenders have been missing',
    text: 'Kryon is a cloud security company focused on one platform: AWS. We turn the sprawl of accounts, identities, policies and findings into a clear view of how an attacker could reach what matters, and what to change to stop them.',
    cta: { label: 'Get Early Access', to: '/request-access' },
  },
  mission: {
    heading: 'Our mission',
    text: 'Every AWS breach follows a path that existed before the attacker found it. Our mission is to make those paths visible to the people defending the environment, in under 60 seconds and without slowing down the teams who build on AWS every day.',
  },
  values: {
    heading: 'What we stand for',
    intro:
      'Five values guide how we build Kryon, how we work with each other and how we earn the trust of the security teams who rely on us.',
    items: [
      {
        title: 'One Mission One Team',
        text: 'Engineering, research and customer teams work toward the same outcome: fewer open attack paths in our customers’ clouds.',
        icon: 'target',
      },
      {
        title: 'Relentless Innovation',
        text: 'Attackers adapt every week, and so do we. We turn new AWS services and new attack techniques into detections quickly.',
        icon: 'sparkles',
      },
      {
        title: 'Radical Transparency',
        text: 'We show the inputs behind every risk score, document exactly what our read-only role can access and tell you plainly what Kryon does not do yet.',
        icon: 'eye',
      },
      {
        title: 'Partner-Centric',
        text: 'We build with our customers and partners, not just for them. Early-access teams shape the roadmap and talk directly to our engineers.',
        icon: 'handshake',
      },
      {
        title: 'Unwavering Excellence',
        text: 'A security product has to be held to a higher standard. We test our own detections against real attack paths and keep ourselves SOC 2 Type II ready.',
        icon: 'award',
      },
    ],
  },
  leadership: {
    heading: 'Leadership',
    intro:
      'Kryon is led by practitioners who have secured AWS environments themselves and built the tools they wished they had.',
    founder: {
      role: 'Founder & CEO',
      bio: 'Our founder has spent more than a decade securing AWS environments, from fast-growing startups to regulated enterprises with hundreds of accounts. After seeing the same breaches repeat through chains of small misconfigurations and over-privileged identities that no single tool connected, they founded Kryon to give security teams a map of their cloud as an attacker sees it.',
      focusAreas: [
        'AWS identity and privilege escalation research',
        'Attack path modeling and MITRE ATT&CK for cloud',
        'Security programs for multi-account AWS Organizations',
        'Building products for security leaders and engineers',
      ],
    },
  },
  expertise: {
    value: '10+ years',
    label: 'of AWS security experience',
    text: 'Our team of AWS security experts brings 10+ years of hands-on experience in cloud security engineering, incident response and compliance, turned into every detection and attack path Kryon maps.',
  },
};
