import { Button } from '../../components/ui/button.tsx';

/** Tells the visitor their unsent answers came back, and lets them start afresh. */
export function DraftNotice({
  text,
  discardLabel,
  onDiscard,
}: {
  text: string;
  discardLabel: string;
  onDiscard: () => void;
}) {
  return (
    <div className="draft-notice">
      <p>{text}</p>
      <Button variant="ghost" size="sm" onClick={onDiscard}>
        {discardLabel}
      </Button>
    </div>
  );
}
