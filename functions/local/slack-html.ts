/**
 * A Slack message (Block Kit `blocks` and the fallback `text`) drawn as HTML roughly as Slack
 * draws it: a sketch of Slack's own (header, section text and two-column fields, context),
 * enough to judge the layout without a workspace. The one drawing of the Slack preview
 * (scripts/slack-preview.ts) and of the local webhook inbox (local/webhook-inbox.ts).
 */
import { escapeHtml } from '../src/leads/notification.ts';
import type { SlackBlock, SlackMessage, SlackText } from '../src/leads/slack-message.ts';

/** What Slack shows of a text: its three entities decoded, then escaped again for HTML. */
function shown(text: string): string {
  return escapeHtml(text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
}

/**
 * A text object as Slack draws it. plain_text is drawn as typed; of mrkdwn, only the `*bold*`
 * the message uses for its own labels is drawn, which is all the message ever sends as mrkdwn.
 */
function textHtml(text: SlackText): string {
  const html = shown(String(text?.text ?? ''));
  return text?.type === 'mrkdwn' ? html.replace(/\*([^*\n]+)\*/g, '<b>$1</b>') : html;
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
    default:
      // A block this sketch does not draw (the message sends none): named, not dropped.
      return `<div class="context">[${escapeHtml(String((block as { type?: unknown }).type))} block]</div>`;
  }
}

/**
 * One message as Slack would show it in a channel, under `title` (escaped here): the
 * notification's fallback text, then the sender's line and every block.
 */
export function slackMessageHtml(title: string, message: SlackMessage, time = '09:01'): string {
  const blocks = Array.isArray(message.blocks) ? message.blocks : [];
  return (
    `<article class="slack"><p class="name">${escapeHtml(title)} · ${blocks.length} blocks · ` +
    `${JSON.stringify(message).length} characters of JSON</p>` +
    `<p class="fallback">Notification: ${shown(String(message.text ?? ''))}</p>` +
    '<div class="message"><div class="avatar">K</div><div class="body">' +
    `<p class="sender"><b>Kryon leads</b> <span class="app">APP</span> <span class="time">${escapeHtml(time)}</span></p>` +
    `${blocks.map(blockHtml).join('')}</div></div></article>`
  );
}

/** The style the drawing needs, for a page's `<style>`. */
export const SLACK_STYLE = `
article.slack{background:#fff;border:1px solid #ddd;border-radius:8px;padding:12px 16px;font:15px/1.46668 -apple-system,'Segoe UI',Lato,Roboto,Helvetica,Arial,sans-serif;color:#1d1c1d}
.slack .name{margin:0 0 2px;font-size:12px;color:#616061;font-weight:700}
.slack .fallback{margin:0 0 10px;font-size:12px;color:#616061}
.slack .message{display:flex;gap:8px}
.slack .avatar{flex:none;width:36px;height:36px;border-radius:4px;background:#4a154b;color:#fff;font-weight:700;display:grid;place-items:center}
.slack .body{min-width:0;flex:1}
.slack .sender{margin:0 0 4px}.slack .app{font-size:10px;background:#e8e8e8;color:#616061;padding:1px 3px;border-radius:2px}.slack .time{font-size:12px;color:#616061}
.slack .header{font-size:18px;font-weight:900;line-height:1.33;margin:4px 0 8px;overflow-wrap:anywhere}
.slack .section{white-space:pre-wrap;margin:4px 0 8px;overflow-wrap:anywhere}
.slack .fields{display:grid;grid-template-columns:1fr 1fr;gap:4px 16px;margin:4px 0 8px}
.slack .fields div{white-space:pre-wrap;overflow-wrap:anywhere}
.slack .context{font-size:12px;color:#616061;margin:4px 0;white-space:pre-wrap;overflow-wrap:anywhere}
`;
