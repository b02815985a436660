/**
 * What a lead form sends as `attribution` (docs/decisions/037): the first touch that
 * first-touch.ts recorded for this tab's visit, and the page the form is sent from. A module
 * apart from the recording, so only form pages carry it. The server keeps only the parts
 * that pass the shared rules, so this passes on what it finds without judging it.
 */
import type { Attribution } from '@kryon/shared/attribution';
import { FIRST_TOUCH_STORAGE_KEY } from '@kryon/shared/constants';

/** The stored first touch's text values; none where storage is refused or unreadable. */
function firstTouch(): Attribution {
  const touch: Record<string, string> = {};
  try {
    const stored: unknown = JSON.parse(
      window.sessionStorage.getItem(FIRST_TOUCH_STORAGE_KEY) ?? '{}',
    );
    if (typeof stored === 'object' && stored !== null) {
      for (const [part, value] of Object.entries(stored)) {
        if (typeof value === 'string') touch[part] = value;
      }
    }
  } catch {
    // Refused or unreadable storage: no first touch.
  }
  return touch;
}

/** The visit's first touch, when known, and the form's page, which is known even without. */
export function leadAttribution(pathname: string = window.location.pathname): Attribution {
  return { ...firstTouch(), formPath: pathname };
}
