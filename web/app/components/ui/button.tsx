import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';
import './button.css';

/** Four button variants and five sizes; `mobile` keeps a touch target of at least 44 px. */
export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'xl' | 'mobile';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

export function buttonClass({ variant = 'primary', size = 'md', block }: StyleProps): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, block ? 'btn--block' : '']
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = StyleProps &
  ButtonHTMLAttributes<HTMLButtonElement> & {
    /**
     * Shows a spinner and the busy state; the button is disabled while busy. A submit button is
     * also built disabled: without scripts the browser would send the form itself, as a GET
     * that puts the visitor's details in the URL. A form that hydrates at the first touch
     * passes `liveBeforeHydration(hydrated)`, so its loader enables it before React runs and
     * holds its press until React has taken the form over (live-before-hydration.ts).
     */
    busy?: boolean;
    /**
     * Shows the spinner and the busy state but keeps the button enabled: for an action whose
     * code is still on its way, where disabling the button would drop the visitor's focus.
     * The caller ignores presses meanwhile.
     */
    pending?: boolean;
    children: ReactNode;
  };

export function Button({
  variant,
  size,
  block,
  busy = false,
  pending = false,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      className={[buttonClass({ variant, size, block }), className].filter(Boolean).join(' ')}
      disabled={disabled || busy || (type === 'submit' && !hydrated)}
      aria-busy={busy || pending || undefined}
      {...rest}
    >
      {busy || pending ? <span className="btn__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

type ButtonLinkProps = StyleProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
    /** The page it leads to: a plain link, which the browser follows as a page load. */
    to: string;
  };

export function ButtonLink({ variant, size, block, className, to, ...rest }: ButtonLinkProps) {
  return (
    <a
      href={to}
      className={[buttonClass({ variant, size, block }), className].filter(Boolean).join(' ')}
      {...rest}
    />
  );
}
