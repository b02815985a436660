/**
 * Unsent form input kept in sessionStorage, so a reload, a crash or a wrong click on Back does
 * not cost the visitor what they typed. sessionStorage, not localStorage: a draft belongs to
 * one tab and disappears with it, so answers do not linger on a shared computer.
 */

type DraftValue = string | boolean | string[];
export type DraftShape = Readonly<Record<string, unknown>>;

const PREFIX = 'kryon:draft:v1:';

export function draftKey(form: string): string {
  return `${PREFIX}${form}`;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // A browser that refuses storage (privacy settings) simply gets no drafts.
    return undefined;
  }
}

function sameKind(template: unknown, value: unknown): value is DraftValue {
  if (Array.isArray(template)) {
    return Array.isArray(value) && value.every((item) => typeof item === 'string');
  }
  if (typeof template === 'boolean') return typeof value === 'boolean';
  return typeof value === 'string';
}

/** True when nothing in `values` differs from an empty form. */
export function isBlankDraft(values: DraftShape): boolean {
  return Object.values(values).every(
    (value) =>
      value === undefined ||
      value === null ||
      value === false ||
      (typeof value === 'string' && value.trim() === '') ||
      (Array.isArray(value) && value.length === 0),
  );
}

/**
 * The stored draft, keeping only the fields of `template` with values of the template's kind
 * (text, list of text, checkbox), so an old or tampered entry can never put a value of the
 * wrong shape into a form.
 */
export function readDraft<T extends DraftShape>(form: string, template: T): Partial<T> | null {
  const raw = (() => {
    try {
      return storage()?.getItem(draftKey(form)) ?? null;
    } catch {
      return null;
    }
  })();
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const draft: Record<string, DraftValue> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (Object.hasOwn(template, name) && sameKind(template[name], value)) draft[name] = value;
  }
  return isBlankDraft(draft) ? null : (draft as Partial<T>);
}

/** Saves the fields of `template` from `values`; a blank form removes the draft instead. */
export function writeDraft(form: string, template: DraftShape, values: DraftShape): void {
  const draft: Record<string, DraftValue> = {};
  for (const name of Object.keys(template)) {
    const value = values[name];
    if (sameKind(template[name], value)) draft[name] = value;
  }
  try {
    if (isBlankDraft(draft)) storage()?.removeItem(draftKey(form));
    else storage()?.setItem(draftKey(form), JSON.stringify(draft));
  } catch {
    // Quota or privacy errors: the form keeps working, only without a saved draft.
  }
}

export function clearDraft(form: string): void {
  try {
    storage()?.removeItem(draftKey(form));
  } catch {
    // Nothing to clear where storage is unavailable.
  }
}
