/**
 * Writes the Slack message of each form (and of a hostile priority lead, and of one with every
 * field at its longest) as Block Kit JSON and as one HTML page that draws them roughly as
 * Slack does, to look at without a workspace:
 *   npx tsx functions/scripts/slack-preview.ts [out-dir]   (default: /tmp/kryon-slack-preview)
 * The drawing (local/slack-html.ts, which the local webhook inbox draws with too) is a sketch
 * of Slack's, enough to judge the layout; Slack's Block Kit Builder takes each JSON file for
 * the real one.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SLACK_STYLE, slackMessageHtml } from '../local/slack-html.ts';
import { slackSamples } from '../test/slack-samples.ts';

const SHOWN = new Set([
  'contact',
  'partner',
  'demo',
  'beta-access',
  'download',
  'demo-priority-hostile',
  'contact-hostile-max',
]);

const STYLE = `
body{margin:0;padding:24px;background:#f8f8f8}
main{display:grid;grid-template-columns:repeat(2,minmax(0,640px));gap:24px;align-items:start}
${SLACK_STYLE}`;

const out = resolve(process.argv[2] ?? '/tmp/kryon-slack-preview');
mkdirSync(out, { recursive: true });
const samples = slackSamples();
for (const { name, message } of samples) {
  writeFileSync(join(out, `${name}.json`), `${JSON.stringify(message, null, 2)}\n`);
}
const articles = samples
  .filter((sample) => SHOWN.has(sample.name))
  .map((sample) => slackMessageHtml(sample.name, sample.message));
writeFileSync(
  join(out, 'index.html'),
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Slack messages of leads</title><style>${STYLE}</style></head><body><main>${articles.join('')}</main></body></html>`,
);
console.log(
  `${samples.length} messages as JSON and ${articles.length} drawn in ${join(out, 'index.html')}`,
);
