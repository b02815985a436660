/**
 * A list's count line as built, before React runs: where scripts run, CSS shows the list's
 * first cards only, so the line counts those; where they do not, every card shows, and so
 * does the line that counts them all (base.css: .scripting-only, .no-scripting-only).
 */
export function CountBeforeHydration({ collapsed, whole }: { collapsed: string; whole: string }) {
  return (
    <>
      <span className="scripting-only">{collapsed}</span>
      <span className="no-scripting-only">{whole}</span>
    </>
  );
}
