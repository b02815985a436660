import 'react';

/*
 * Invoker commands: a button names the element it acts on (`commandfor`) and what to do
 * (`command`), and the browser does it without a script. React renders both as written; its
 * types do not list them yet.
 */
declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    command?:
      | 'show-modal'
      | 'close'
      | 'request-close'
      | 'show-popover'
      | 'hide-popover'
      | 'toggle-popover';
    commandfor?: string;
  }
}
