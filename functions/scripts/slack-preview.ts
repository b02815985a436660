/**
 * Writes the Slack message of each form (and of a hostile priority lead, and of one with every
 * field at its longest) as Block Kit JSON and as one HTML page that draws them roughly as
 * Slack does, to look at without a workspace:
 *   npx tsx functions/scripts/slack-preview.ts [out-dir]   (default: /tmp/kryon-slack-preview)
 * The drawing is a sketch of Slack's (header, section text and two-column fields, context),
 * enough to judge the layout; Slack's Block Kit Builder takes each JSON file for the real one.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { escapeHtml } from '../src/leads/notification.ts';
import type { SlackBlock, SlackMessage, SlackText } from '../src/leads/slack-message.ts';
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

/** What Slack shows of a text: its three entities decoded, then escaped again for HTML. */
function shown(text: string): string {
  return escapeHtml(text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
}

/**
 * A text object as Slack draws it. plain_text is drawn as typed; of mrkdwn, only the `*bold*`
 * the message uses for its own labels is drawn, which is all the message ever sends as mrkdwn.
 */
function textHtml(text: SlackText): string {
  const html = shown(text.text);
  return text.type === 'mrkdwn' ? html.replace(/\*([^*\n]+)\*/g, '<b>$1</b>') : html;
}

function blockHtml(block: SlackBlock): string {
  switch (block.type) {
    case 'header':
      return `<div class="header">${textHtml(block.text)}</div>`;
    case 'context':
      return `<div class="context">${block.elements.map((e) => `<span>${textHtml(e)}</span>`).join(' ')}</div>`;
    case 'section':
      return 'fields' in block
        ? `<div class="fields">${block.fields.map((f) => `<div>${textHtml(f)}</div>`).join('')}</div>`
        : `<div class="section">${textHtml(block.text)}</div>`;
  }
}

function messageHtml(name: string, message: SlackMessage): string {
  return (
    `<article><p class="name">${escapeHtml(name)} · ${message.blocks.length} blocks · ` +
    `${JSON.stringify(message).length} characters of JSON</p>` +
    `<p class="fallback">Notification: ${shown(message.text)}</p>` +
    '<div class="message"><div class="avatar">K</div><div class="body">' +
    '<p class="sender"><b>Kryon leads</b> <span class="app">APP</span> <span class="time">09:01</span></p>' +
    `${message.blocks.map(blockHtml).join('')}</div></div></article>`
  );
}

const STYLE = `
body{margin:0;padding:24px;background:#f8f8f8;font:15px/1.46668 -apple-system,'Segoe UI',Lato,Roboto,Helvetica,Arial,sans-serif;color:#1d1c1d}
main{display:grid;grid-template-columns:repeat(2,minmax(0,640px));gap:24px;align-items:start}
article{background:#fff;border:1px solid #ddd;border-radius:8px;padding:12px 16px}
.name{margin:0 0 2px;font-size:12px;color:#616061;font-weight:700}
.fallback{margin:0 0 10px;font-size:12px;color:#616061}
.message{display:flex;gap:8px}
.avatar{flex:none;width:36px;height:36px;border-radius:4px;background:#4a154b;color:#fff;font-weight:700;display:grid;place-items:center}
.body{min-width:0;flex:1}
.sender{margin:0 0 4px}.app{font-size:10px;background:#e8e8e8;color:#616061;padding:1px 3px;border-radius:2px}.time{font-size:12px;color:#616061}
.header{font-size:18px;font-weight:900;line-height:1.33;margin:4px 0 8px;overflow-wrap:anywhere}
.section{white-space:pre-wrap;margin:4px 0 8px;overflow-wrap:anywhere}
.fields{display:grid;grid-template-columns:1fr 1fr;gap:4px 16px;margin:4px 0 8px}
.fields div{white-space:pre-wrap;overflow-wrap:anywhere}
.context{font-size:12px;color:#616061;margin:4px 0;white-space:pre-wrap;overflow-wrap:anywhere}
`;

const out = resolve(process.argv[2] ?? '/tmp/kryon-slack-preview');
mkdirSync(out, { recursive: true });
const samples = slackSamples();
for (const { name, message } of samples) {
  writeFileSync(join(out, `${name}.json`), `${JSON.stringify(message, null, 2)}\n`);
}
const articles = samples
  .filter((sample) => SHOWN.has(sample.name))
  .map((sample) => messageHtml(sample.name, sample.message));
writeFileSync(
  join(out, 'index.html'),
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Slack messages of leads</title><style>${STYLE}</style></head><body><main>${articles.join('')}</main></body></html>`,
);
console.log(
  `${samples.length} messages as JSON and ${articles.length} drawn in ${join(out, 'index.html')}`,
);
