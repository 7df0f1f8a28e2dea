import Bowser from 'bowser';

/** A device as the sessions list and the new-device email name it. */
export interface Device {
  /** E.g. 'Chrome 131 on macOS (desktop)', or 'Unknown device' for no or an unknown user agent. */
  label: string;
  /**
   * The device without versions ('Chrome|macOS|desktop'): a browser update is not a new device.
   * Null when the user agent says nothing recognisable.
   */
  key: string | null;
}

/** Longest user agent parsed: stored ones are cut to 500 characters, so this is never reached by them. */
const MAX_UA = 1000;

/**
 * Names the device of a user agent through `bowser` (browser, major version, operating system,
 * platform type). A user agent is the client's own claim: this is a label for the owner, never a
 * security check.
 */
export function describeDevice(userAgent: string | null | undefined): Device {
  const ua = userAgent?.slice(0, MAX_UA).trim();
  if (!ua) return { label: 'Unknown device', key: null };
  const parsed = Bowser.parse(ua);
  const browser = parsed.browser.name ?? '';
  const major = parsed.browser.version?.split('.')[0] ?? '';
  const os = parsed.os.name ?? '';
  const type = parsed.platform.type ?? '';
  if (!browser && !os) return { label: 'Unknown device', key: null };
  const label = [
    browser ? `${browser}${major ? ` ${major}` : ''}` : 'Unknown browser',
    os ? `on ${os}` : '',
    type ? `(${type})` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return { label, key: [browser, os, type].join('|') };
}
