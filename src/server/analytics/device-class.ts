import Bowser from 'bowser';
import type { DeviceClass } from '../../shared/lead-source.ts';

/**
 * The device class of a user agent (decision 037), read by `bowser`: its `mobile` platform is a
 * phone, `tablet` a tablet, `desktop` a desktop; anything else (a TV, a bot, an unknown or missing
 * agent) is null. Only the class is stored, never the user agent.
 */
export function deviceClass(userAgent: string | undefined): DeviceClass | null {
  if (!userAgent) return null;
  const platform = Bowser.getParser(userAgent.slice(0, 1000)).getPlatformType(true);
  if (platform === 'mobile') return 'phone';
  if (platform === 'tablet' || platform === 'desktop') return platform;
  return null;
}
