// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ARTICLES } from '../../content/library.ts';
import { SITE_PAGES } from '../../content/site-pages.ts';
import { CODE_LANGUAGES, PLAIN_LANGUAGE } from './highlight.server.ts';
import { renderArticle } from './render-article.server.ts';

/**
 * The only fences that may stay plain: output that is not code, named here one by one
 * (article id and caption), so a new `text` fence is a decision, not a default.
 */
const PLAIN_FENCES: string[] = [];

const options = {
  path: 'articles/test.md',
  isSitePage: (path: string) => ['/demo', '/security-intelligence'].includes(path),
  newTabHint: '(opens in a new tab)',
};
const render = (markdown: string) => renderArticle(markdown, options);

describe('rendering an article', () => {
  it('gives headings ids and links to themselves, and lists the sections', async () => {
    const { html, toc } = await render('## First part\n\nText.\n\n### Detail\n\n## Second part');
    expect(html).toContain(
      '<h2 id="first-part"><a class="heading-anchor" href="#first-part">First part</a></h2>',
    );
    expect(html).toContain('<h3 id="detail"><a class="heading-anchor" href="#detail">');
    expect(toc).toEqual([
      { id: 'first-part', text: 'First part' },
      { id: 'second-part', text: 'Second part' },
    ]);
  });

  it('highlights code with classes, never inline styles, and keeps the caption', async () => {
    const { html } = await render('```bash title="List the roles"\naws iam list-roles # all\n```');
    expect(html).toMatch(/^<figure class="article-code"><figcaption>List the roles<\/figcaption>/);
    expect(html).toContain('<pre tabindex="0" class="hl"><code data-language="bash">');
    expect(html).toMatch(/<span class="hl-comment">\s?# all<\/span>/);
    expect(html).not.toContain('style=');
  });

  it('refuses a code language it has no grammar for, naming the file', async () => {
    await expect(render('```cobol\nMOVE A TO B\n```')).rejects.toThrow(
      /^articles\/test\.md: code block language "cobol"/,
    );
  });

  it('refuses a code block with no language, naming the file', async () => {
    await expect(render('Intro.\n\n```\nSELECT 1;\n```')).rejects.toThrow(
      /^articles\/test\.md: a code block has no language; name one of bash, .*text/,
    );
    await expect(render('    indented code\n')).rejects.toThrow(
      /^articles\/test\.md: .*no language/,
    );
  });

  it('highlights SQL, INI and cfn-guard rules', async () => {
    const sql = await render("```sql\nSELECT eventname FROM logs WHERE x = 'y';\n```");
    expect(sql.html).toMatch(/<span class="hl-keyword">SELECT<\/span>/);
    const ini = await render('```ini\n[profile ci]\nrole_arn = arn:aws:iam::1:role/x\n```');
    expect(ini.html).toMatch(/<span class="hl-keyword">role_arn<\/span>/);
    expect(ini.html).toMatch(/<span class="hl-function">\[profile ci\]<\/span>/);
    const guard = await render(
      "```cfn-guard\n# trails\nlet t = Resources.*[ Type == 'AWS::CloudTrail::Trail' ]\nrule r when %t !empty {\n  %t.Properties.IsLogging == true <<must log>>\n}\n```",
    );
    expect(guard.html).toMatch(/<span class="hl-comment"># trails<\/span>/);
    expect(guard.html).toMatch(/<span class="hl-keyword">let<\/span>/);
    expect(guard.html).toMatch(/<span class="hl-function">\s*r<\/span>/);
    expect(guard.html).toMatch(
      /<span class="hl-string-expression">\s*'AWS::CloudTrail::Trail'<\/span>/,
    );
    expect(guard.html).toMatch(/<span class="hl-constant">\s*%t<\/span>/);
    expect(guard.html).toMatch(/<span class="hl-string">\s*&#x3C;&#x3C;must log>><\/span>/);
  });

  it('turns a GitHub alert into a callout', async () => {
    const { html } = await render('> [!WARNING]\n> **Mind the gap**\n>\n> Text with `code`.');
    expect(html).toBe(
      '<aside class="article-callout article-callout--warning">\n<p class="article-callout__title">Mind the gap</p>\n<p>Text with <code>code</code>.</p>\n</aside>',
    );
  });

  it('opens the web in a new tab, safely, and says so to screen readers', async () => {
    const { html } = await render('See [the docs](https://docs.aws.amazon.com/iam/).');
    expect(html).toContain(
      '<a href="https://docs.aws.amazon.com/iam/" rel="noopener noreferrer" target="_blank">the docs<span class="visually-hidden"> (opens in a new tab)</span></a>',
    );
  });

  it('keeps links inside the site in the tab, and fails the build on a page that does not exist', async () => {
    const { html } = await render('[Request a demo](/demo), [or read](/security-intelligence#x).');
    expect(html).toContain('<a href="/demo">Request a demo</a>');
    await expect(render('[Gone](/no-such-page)')).rejects.toThrow(
      /^articles\/test\.md: link "\/no-such-page": no page of the site has that path/,
    );
    await expect(render('[Plain](http://example.com)')).rejects.toThrow(/https:\/\//);
    await expect(render('[Section](#missing)')).rejects.toThrow(/no heading has that id/);
  });

  it('puts a table in a region named by its section, which scrolls by keyboard too', async () => {
    const { html } = await render(
      '## Tiers\n\n| Tier | Target |\n| --- | --- |\n| P1 | Days |\n\n## After\n\nText.',
    );
    expect(html).toContain(
      '<div class="article-table" role="region" tabindex="0" aria-labelledby="tiers"><table>',
    );
    expect(html).toContain('<th>Tier</th>');
    expect(html).toContain('<td>Days</td>');
  });

  it('lets no raw HTML or script URL from the Markdown reach the page', async () => {
    const { html } = await render(
      'Hi <img src=x onerror="alert(1)"> there.\n\n<script>alert(1)</script>\n\n[x](/demo)',
    );
    expect(html).not.toMatch(/<img|<script|onerror/);
    await expect(render('[x](javascript:alert(1))')).rejects.toThrow(/link ""/);
  });
});

describe('every article', () => {
  it.each(ARTICLES.map((a) => [a.id, a] as const))(
    '%s renders with every code block highlighted and no inline style',
    async (id, article) => {
      const { html, toc } = await renderArticle(article.body, {
        path: `app/content/articles/${id}.md`,
        isSitePage: (path) => SITE_PAGES.has(path),
        newTabHint: '(opens in a new tab)',
      });
      const blocks = html.match(/<pre[^>]*>/g) ?? [];
      const fences = article.body.match(/^```\w/gm) ?? [];
      expect(blocks.length).toBe(fences.length);
      for (const pre of blocks) expect(pre).toBe('<pre tabindex="0" class="hl">');
      // Every block names a language Shiki loaded, and every block but the listed plain
      // ones came out as tokens with colour classes.
      const figures = html.match(/<figure class="article-code">[\s\S]*?<\/figure>/g) ?? [];
      expect(figures.length).toBe(fences.length);
      for (const figure of figures) {
        const lang = /<code data-language="([^"]*)">/.exec(figure)?.[1] ?? '';
        const caption = /<figcaption>([^<]*)<\/figcaption>/.exec(figure)?.[1] ?? '';
        expect(CODE_LANGUAGES, `${id}: ${caption}`).toContain(lang);
        if (lang === PLAIN_LANGUAGE) {
          expect(PLAIN_FENCES, 'a plain fence must be listed in PLAIN_FENCES').toContain(
            `${id}: ${caption}`,
          );
        } else {
          expect(figure, `${id}: ${caption} (${lang})`).toMatch(/<span class="hl-[\w-]+">/);
        }
      }
      expect(html).not.toContain('style=');
      expect(toc.length).toBeGreaterThan(0);
      const links = html.match(/<a [^>]*href="https?:[^"]*"[^>]*>/g) ?? [];
      for (const link of links) expect(link).toContain('rel="noopener noreferrer"');
    },
  );
});
