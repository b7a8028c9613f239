// Offline (README "Offline"): registers the service worker that scripts/service-worker.mjs
// writes into the build (sw.js, src/platform/js/sw.js), which precaches every file of the build.
// scripts/service-worker.mjs inlines this script at the end of dist/index.html with the build's
// id in place of __PE_BUILD__; the Content-Security-Policy allows it by its hash, and sw.js by
// worker-src 'self'. The scope is the directory of index.html (a relative URL), so the app works
// offline under any sub-path.
// When: once the page has loaded and the app has mounted (it removes the first paint's top bar),
// in an idle moment: nothing of the service worker is fetched before the first render.
// Not at all: in embed mode (?embed=1, a guest in another site's page, which should not make
// its visitors download the whole app uninvited), outside a secure context (file:, plain http:
// other than localhost) or where the browser has no service workers.
// It tells each service worker of the page which build the page is ('pe-hello'): a waiting
// worker of the same build takes over at once, one of another build leaves the page alone
// (src/platform/js/sw.js says why).
(() => {
  const BUILD = '__PE_BUILD__';
  const query = new URLSearchParams(location.search);
  if (['1', 'true'].includes(query.get('embed'))) return;
  if (!('serviceWorker' in navigator) || !isSecureContext || !/^https?:$/.test(location.protocol)) return;
  const loaded = new Promise((resolve) => addEventListener('load', resolve, { once: true }));
  const mounted = () => new Promise((resolve) => {
    const up = () => !document.getElementById('pe-shell');
    if (up()) return resolve();
    const seen = new MutationObserver(() => up() && (seen.disconnect(), resolve()));
    seen.observe(document.body, { childList: true });
    // An app that never mounts still gets its files kept.
    setTimeout(resolve, 10000);
  });
  const idle = () => new Promise((resolve) => (
    self.requestIdleCallback ? requestIdleCallback(resolve, { timeout: 2000 }) : setTimeout(resolve, 200)));
  const hello = (worker) => worker?.postMessage({ type: 'pe-hello', build: BUILD });
  loaded.then(mounted).then(idle).then(async () => {
    const container = navigator.serviceWorker;
    container.addEventListener('controllerchange', () => hello(container.controller));
    const registration = await container.register('./sw.js');
    registration.addEventListener('updatefound', () => hello(registration.installing));
    [registration.installing, registration.waiting, registration.active].forEach(hello);
    // The browser looks for a new sw.js on navigations too; once more now that the page is up.
    if (registration.active) await registration.update();
  }).catch(() => {
    // No service worker (storage blocked, offline update check): the app works as before.
  });
})();
