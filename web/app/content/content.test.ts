// @vitest-environment node
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { attackScenarios } from './attack-scenarios.ts';
import { capabilities } from './capabilities.ts';
import { companyPageCopy } from './company-page.ts';
import { contactPageCopy } from './contact-page.ts';
import { featureCards } from './feature-cards.ts';
import { featuresPageCopy } from './features-page.ts';
import { homePageCopy } from './home-page.ts';
import { intelligencePageCopy } from './intelligence-page.ts';
import { becomePartnerIntro, demoIntro, requestAccessIntro } from './lead-pages.ts';
import { ARTICLES } from './library.ts';
import { ARTICLE_CATEGORIES, RESEARCH_TYPES, SEVERITIES } from './library-types.ts';
import type { CardDetail, ThemeDetail } from './marketing-types.ts';
import { modules } from './modules.ts';
import { problemThemes } from './problem-themes.ts';
import { researchArchivePageCopy } from './research-archive-page.ts';
import { researchDownloadCopy } from './research-download-copy.ts';
import { researchFindings } from './research-findings.ts';
import { researchItems } from './research-items.ts';
import { researchLibraryCopy } from './research-library-copy.ts';

const PLACEHOLDER = /lorem ipsum|\bTBD\b|\bTODO\b|\bFIXME\b|\{(name|email|product)\}/i;

function expectCardDetail(detail: CardDetail) {
  expect(detail.overview.length).toBeGreaterThan(80);
  for (const list of [
    detail.keyMetrics,
    detail.keyCapabilities,
    detail.businessBenefits,
    detail.technicalSpecs,
    detail.useCases,
    detail.integrations,
  ]) {
    expect(list.length).toBeGreaterThanOrEqual(3);
  }
  const story = detail.realWorldExample;
  for (const part of [story.scenario, story.challenge, story.outcome]) {
    expect(part.length).toBeGreaterThan(40);
  }
}

function expectThemeDetail(detail: ThemeDetail) {
  expect(detail.overview.length).toBeGreaterThan(80);
  for (const list of [
    detail.problems,
    detail.consequences,
    detail.features,
    detail.benefits,
    detail.keyStats,
  ]) {
    expect(list.length).toBeGreaterThanOrEqual(3);
  }
  expect(detail.solution.length).toBeGreaterThan(80);
  const story = detail.realWorldExample;
  for (const part of [story.scenario, story.impact, story.solution]) {
    expect(part.length).toBeGreaterThan(40);
  }
}

describe('marketing content', () => {
  it('has the five modules in order, Defend alone in beta', () => {
    expect(modules.map((m) => m.id)).toEqual(['core', 'graph', 'vuln', 'iam', 'defend']);
    expect(modules.filter((m) => m.isBeta).map((m) => m.id)).toEqual(['defend']);
    for (const module of modules) expectCardDetail(module.expandedContent);
  });

  it('has the three problem themes with their story', () => {
    expect(problemThemes.map((t) => t.id)).toEqual(['contextless', 'privilege', 'disconnected']);
    for (const theme of problemThemes) expectThemeDetail(theme.expandedContent);
  });

  it('has the four capabilities and three feature cards, each complete', () => {
    expect(capabilities.map((c) => c.id)).toEqual([
      'real-time-mapping',
      'ai-prioritization',
      'unified-graph',
      'sub-60s-intelligence',
    ]);
    expect(featureCards.map((c) => c.id)).toEqual([
      'intelligence',
      'noise-reduction',
      'deployment',
    ]);
    for (const card of [...capabilities, ...featureCards]) expectCardDetail(card.expandedContent);
  });

  it('uses the product texts on the home, features and company pages', () => {
    expect(homePageCopy.hero.cta).toEqual({
      label: 'Request Private Access',
      to: '/request-access',
    });
    expect(homePageCopy.hero.subtext).toBe('Exclusive access for qualified security leaders');
    expect(homePageCopy.productCta).toEqual({ label: 'See Kryon in Action', to: '/features' });
    expect(homePageCopy.startSolvingCta.to).toBe('/request-access');
    expect(homePageCopy.pillars).toHaveLength(5);
    expect(homePageCopy.closing.questions.length).toBeGreaterThanOrEqual(3);
    for (const { question, answer } of homePageCopy.closing.questions) {
      expect(question).toMatch(/\?$/);
      expect(answer.length).toBeGreaterThan(80);
    }
    expect(featuresPageCopy.hero.cta.label).toBe('Explore Our Modules');
    expect(featuresPageCopy.builtForScale.items.map((i) => i.title)).toEqual([
      'SOC2 Type II Ready',
      'Agentless Architecture',
      'Secure by Default',
      'Multi-Account AWS Coverage',
      'Fast Onboarding',
      'Infrastructure-Agnostic',
    ]);
    expect(featuresPageCopy.comparison.rows).toHaveLength(5);
    expect(companyPageCopy.hero.cta).toEqual({ label: 'Get Early Access', to: '/request-access' });
    expect(companyPageCopy.values.items.map((v) => v.title)).toEqual([
      'One Mission One Team',
      'Relentless Innovation',
      'Radical Transparency',
      'Partner-Centric',
      'Unwavering Excellence',
    ]);
  });
});

describe('page head copy', () => {
  const metas = [
    homePageCopy.meta,
    featuresPageCopy.meta,
    companyPageCopy.meta,
    intelligencePageCopy.meta,
    researchArchivePageCopy.meta,
    contactPageCopy.meta,
    requestAccessIntro.meta,
    becomePartnerIntro.meta,
    demoIntro.meta,
  ];

  it('gives every page its own title and a description of at most 160 characters', () => {
    expect(new Set(metas.map((m) => m.title)).size).toBe(metas.length);
    for (const meta of metas) {
      expect(meta.description.length, meta.title).toBeGreaterThan(50);
      expect(meta.description.length, meta.title).toBeLessThanOrEqual(160);
    }
  });
});

describe('research content', () => {
  const articleIds = new Set(ARTICLES.map((a) => a.id));

  it('has one complete research item per file of research/', () => {
    const files = readdirSync(new URL('./research/', import.meta.url)).filter((name) =>
      name.endsWith('.md'),
    );
    expect(files.length).toBeGreaterThan(0);
    expect(researchItems.map((r) => `${r.id}.md`).sort()).toEqual(files.sort());
    for (const item of researchItems) {
      expect(RESEARCH_TYPES).toContain(item.type);
      expect(ARTICLE_CATEGORIES).toContain(item.category);
      expect(SEVERITIES).toContain(item.impact);
      expect(item.publishedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(item.authors.length).toBeGreaterThan(0);
      expect(item.keyFindings.length).toBeGreaterThanOrEqual(3);
      expect(item.sources.length).toBeGreaterThan(0);
      expect(item.tags.length).toBeGreaterThanOrEqual(3);
      expect(item.methodology.length).toBeGreaterThan(80);
      expect(item.downloadCount).toBeGreaterThan(0);
      for (const id of item.relatedArticles) expect(articleIds, id).toContain(id);
    }
  });

  it('has three attack scenarios scored 9.2, 8.7 and 7.8, and three monthly findings', () => {
    expect(attackScenarios.map((s) => s.riskScore)).toEqual([9.2, 8.7, 7.8]);
    for (const scenario of attackScenarios) expect(scenario.steps.length).toBeGreaterThanOrEqual(3);
    expect(researchFindings).toHaveLength(3);
  });

  it('uses the product texts for empty results and the download modal', () => {
    expect(intelligencePageCopy.emptyState).toMatchObject({
      text: 'No articles found matching your filters.',
      clearLabel: 'Clear all filters',
    });
    expect(researchLibraryCopy.emptyState).toEqual({
      title: 'No Research Found',
      text: 'No research items match your current filter criteria. Try adjusting your search or filters.',
      clearLabel: 'Clear All Filters',
    });
  });
});

describe('all copy', () => {
  it('holds no placeholder text', () => {
    const everything = JSON.stringify([
      modules,
      problemThemes,
      capabilities,
      featureCards,
      homePageCopy,
      featuresPageCopy,
      companyPageCopy,
      intelligencePageCopy,
      researchArchivePageCopy,
      researchLibraryCopy,
      researchDownloadCopy,
      researchItems,
      attackScenarios,
      researchFindings,
      contactPageCopy,
    ]);
    expect(everything).not.toMatch(PLACEHOLDER);
  });
});
