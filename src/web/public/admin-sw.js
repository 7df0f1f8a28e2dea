/**
 * The admin's service worker (decision 071), registered by the admin with scope /admin.
 *
 * Caching: the admin's shell (the one admin.html every admin screen gets, which holds no personal
 * data: the site's public settings only) and its static files (hashed /assets/ files, icons, the
 * manifest), so the installed admin opens at once and shows its shell offline. It NEVER answers or
 * stores an /api/ request, nor anything but GET requests for those files: every answer about a
 * contact comes from the network, under the session, every time.
 *
 * Push: a message (JSON `{ title, url, tag }`, decrypted by the browser) is shown as a
 * notification; clicking it opens `url`, an admin path, in the admin's window (or a new one).
 */

const CACHE = 'admin-shell-v1';
const SHELL = '/admin';
const STATIC_FILES = ['/admin.webmanifest', '/favicon.svg', '/icon-192.png', '/icon-512.png'];

/** Whether a same-origin path is one of the files this worker may cache (never /api/). */
function isStatic(pathname) {
  return pathname.startsWith('/assets/') || STATIC_FILES.includes(pathname);
}

/** Whether a path is an admin screen (served the shell). */
function isAdminPath(pathname) {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * Where a notification's click goes: its `url` when that is an admin path on this site, else the
 * dashboard, so a message can never send the owner to another site. @returns an absolute URL.
 */
function notificationTarget(data) {
  const fallback = new URL(SHELL, self.location.origin).href;
  if (!data || typeof data.url !== 'string') return fallback;
  let url;
  try {
    url = new URL(data.url, self.location.origin);
  } catch {
    return fallback;
  }
  return url.origin === self.location.origin && isAdminPath(url.pathname) ? url.href : fallback;
}
self.notificationTarget = notificationTarget;

/** Caches the shell and the files it names (its entry script, styles and preloads). */
async function cacheShell(cache, response) {
  const html = await response.clone().text();
  await cache.put(SHELL, response);
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await Promise.all(
    [...new Set(assets)].map((path) =>
      cache.match(path).then((hit) => hit ?? cache.add(path).catch(() => undefined)),
    ),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await Promise.all(STATIC_FILES.map((path) => cache.add(path).catch(() => undefined)));
      const shell = await fetch(SHELL, { credentials: 'omit', cache: 'no-store' }).catch(() => null);
      if (shell?.ok) await cacheShell(cache, shell);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // The API, other sites, anything else: the network, untouched and never cached.
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate' && isAdminPath(url.pathname)) {
    event.respondWith(navigate(request));
  } else if (isStatic(url.pathname)) {
    event.respondWith(staticFile(request, url.pathname));
  }
});

/**
 * An admin screen: the network first (a new release's shell), the cached shell when offline.
 * Only a 200 HTML answer refreshes the cache; when the shell changed, the old hashed files go.
 */
async function navigate(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    const type = response.headers.get('content-type') ?? '';
    if (response.status === 200 && type.startsWith('text/html')) {
      const previous = await cache.match(SHELL);
      const fresh = response.clone();
      const changed = !previous || (await previous.text()) !== (await fresh.clone().text());
      if (changed) {
        for (const key of await cache.keys()) {
          if (new URL(key.url).pathname.startsWith('/assets/')) await cache.delete(key);
        }
        await cacheShell(cache, fresh);
      }
    }
    return response;
  } catch (error) {
    const shell = await cache.match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

/** A static file: the cache first (hashed files never change), else the network, then cached. */
async function staticFile(request, pathname) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(pathname);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(pathname, response.clone());
  return response;
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title ? data.title.slice(0, 200) : 'Admin';
  event.waitUntil(
    self.registration.showNotification(title, {
      tag: typeof data.tag === 'string' ? data.tag.slice(0, 100) : undefined,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: notificationTarget(data) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(event.notification.data);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const admin = windows.find((client) => isAdminPath(new URL(client.url).pathname));
      if (admin) {
        // navigate() works on a window this worker controls; focus() may be refused without a
        // click (a test's synthetic event): the window still goes to the screen.
        const moved = await admin.navigate(target).catch(() => null);
        if (moved) {
          await moved.focus().catch(() => undefined);
          return;
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
