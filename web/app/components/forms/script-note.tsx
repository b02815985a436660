import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * Says that a form needs JavaScript, where it does not run. A form island is built with its
 * controls disabled, so nothing typed before React takes it over is lost; without scripts
 * they stay that way and this note explains why. CSS shows it only where the browser runs no
 * scripts (lead-form.css), so it never flashes by on its way to hydration, and React removes
 * it once the island is live.
 */
export function ScriptNote({ text, className }: { text: string; className?: string }) {
  const hydrated = useHydrated();
  return hydrated ? null : (
    <p className={['script-note', className].filter(Boolean).join(' ')}>{text}</p>
  );
}
