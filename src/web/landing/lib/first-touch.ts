import type { LeadSourceRequest } from '@/shared/lead-source';

/** The sessionStorage key of the visit's first touch (decision 037). */
export const FIRST_TOUCH_KEY = 'lead-first-touch';

const UTM = {
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmTerm: 'utm_term',
  utmContent: 'utm_content',
} as const;

/**
 * Records where this visit came from, once per tab (decision 037: sessionStorage, no cookie, no
 * banner): the referrer's host (none when it is this site), the five UTM parameters, the path
 * the visit landed on and the time of that first view. Later views in the tab keep the first.
 * Does nothing when storage is unavailable (private modes, blocked storage).
 */
export function recordFirstTouch(): void {
  try {
    if (sessionStorage.getItem(FIRST_TOUCH_KEY)) return;
    const params = new URLSearchParams(location.search);
    const touch: LeadSourceRequest & Record<string, unknown> = {
      landingPath: location.pathname + location.search,
      firstSeenAt: new Date().toISOString(),
    };
    if (document.referrer) {
      const host = new URL(document.referrer).hostname;
      if (host && host !== location.hostname) touch.referrer = host;
    }
    for (const [key, param] of Object.entries(UTM)) {
      const value = params.get(param);
      if (value) touch[key] = value.slice(0, 200);
    }
    sessionStorage.setItem(FIRST_TOUCH_KEY, JSON.stringify(touch));
  } catch {
    // No storage, or a referrer that is not a URL: the lead goes without a source.
  }
}

/** The recorded first touch, or undefined (nothing recorded, storage unavailable). */
export function readFirstTouch(): LeadSourceRequest | undefined {
  try {
    const stored = sessionStorage.getItem(FIRST_TOUCH_KEY);
    return stored ? (JSON.parse(stored) as LeadSourceRequest) : undefined;
  } catch {
    return undefined;
  }
}
