/** Where the admin's service worker is (src/web/public/admin-sw.js) and what it controls (decision 071). */
export const SERVICE_WORKER_URL = '/admin-sw.js';
export const SERVICE_WORKER_SCOPE = '/admin';

/**
 * Registers the admin's service worker once the page has loaded (it caches the shell and shows
 * push notifications; decision 071), where the browser has service workers and the page is a
 * secure context (https, or localhost). A failure is only logged: the admin works without it.
 */
export function registerAdminServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE })
      .catch((error: unknown) => console.warn('The admin service worker was not registered.', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
