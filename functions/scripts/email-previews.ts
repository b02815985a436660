/**
 * Writes every kind of e-mail the functions send (each form's sales e-mail, a priority demo
 * with a long message, one whose company and message read like the system's own lines, each
 * confirmation) as HTML and plain-text files, to look at in a browser or a mail client's
 * "open file" without running the stack:
 *   npx tsx functions/scripts/email-previews.ts [out-dir]   (default: /tmp/kryon-email-previews)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { emailSamples } from '../test/email-samples.ts';

const out = resolve(process.argv[2] ?? '/tmp/kryon-email-previews');
mkdirSync(out, { recursive: true });
for (const { name, email } of emailSamples()) {
  writeFileSync(join(out, `${name}.html`), email.html);
  writeFileSync(
    join(out, `${name}.txt`),
    `From: ${email.fromName ?? '(MAIL_FROM)'}\nSubject: ${email.subject}\n\n${email.text}\n`,
  );
  console.log(`${name}: ${email.subject}`);
}
console.log(`\nWritten to ${out}`);
