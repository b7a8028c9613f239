// The service worker (README "Offline"): after the first visit the app works with no network.
// scripts/service-worker.mjs writes it into every build as dist/sw.js, this text after four
// constants: BUILD (the build's id, a hash of all its files and scripts, which its index.html
// carries too), FILES (every file the app needs, path under the scope → its sha256 as SRI;
// index.html is checked by the BUILD it carries instead, so a host that adds to pages does not
// break the install), HASHED (the files whose name carries a hash of their content, the same
// bytes in every build) and VERSION (a hash of the rest of sw.js).
//
// install:  every file of FILES into the cache "prompt-envelope <scope> <VERSION>", fetched past
//           the HTTP cache and checked: a server half-way through a deploy fails the install and
//           the worker in place stays.
// activate: the caches of this scope's other builds are deleted.
// fetch:    only same-origin GETs of the files of FILES under the scope are answered; anything
//           else goes to the network untouched. The page (a navigation to the scope or to
//           index.html) comes from the network first, from the cache when the network fails,
//           answers 5xx or has not delivered it in NAVIGATION_TIMEOUT_MS (a classroom's network
//           that is up but does not carry); every other file from the cache first.
//
// Never two builds in one page. index.html names hashed files, but pep-worker*.js, the worker's
// wasm, demos/*.bin, cat.svg and the wasm-bindgen snippets keep their names from one build to
// the next. So every page (and the Web Worker it starts) is this build's unless the worker
// knows better — a page whose index.html came from the network without this BUILD in it (a
// newer build was deployed), a page that said so (offline.js's 'pe-hello'), a page that was
// open before this worker took over — and such a "foreign" page gets every file that is not
// hashed from the network, as it would with no service worker. The foreign pages are kept in
// this build's cache too, since the browser stops an idle service worker and its memory.
//
// Updates (not skipWaiting at once, not only when every tab has closed). The browser checks
// sw.js on visits (offline.js asks once more when the page is up). A new build's sw.js fills
// its own cache next to the old one and waits, while the old worker keeps serving the pages of
// its build from its cache, offline too. It takes over (skipWaiting, then clients.claim) as soon
// as a page of its own build says hello: the reload that got the new index.html from the
// network, so a reload is enough, and from then on that page's lazy files (demos, the worker)
// come from the new cache, offline too. Taking over at once would hand a tab still open on the
// old build the new build's demos and worker from the new cache; waiting for every tab to close
// (the browser's default) would leave a reloaded classroom on the old cache for the day.
// Pages open on the old build are foreign to the new worker: they keep working online.

const NAVIGATION_TIMEOUT_MS = 5000;
const SCOPE = self.registration.scope;
const PREFIX = `prompt-envelope ${SCOPE} `;
const CACHE = PREFIX + VERSION;
// Where this worker keeps its foreign pages, inside its cache (not a file of FILES: never served).
const FOREIGN_KEY = `${SCOPE}sw-foreign.json`;
const MAX_FOREIGN = 200;
const hashed = new Set(HASHED);

/** Pages that said hello with this BUILD (they keep their files when this worker takes over). */
const greeted = new Set();
/** Client id → whether that page is of another build, as judged by this worker. */
const verdicts = new Map();
/** The foreign pages, as saved by this worker before it was last stopped. */
const foreign = (async () => {
  try {
    const saved = await (await caches.open(CACHE)).match(FOREIGN_KEY);
    return new Set(saved ? await saved.json() : []);
  } catch {
    return new Set();
  }
})();
let saving = Promise.resolve();

/** Records whether the client `id` is foreign; resolves once it is saved. */
function judge(id, isForeign) {
  if (!id) return Promise.resolve();
  verdicts.set(id, isForeign);
  saving = saving.then(async () => {
    const ids = await foreign;
    if (isForeign === ids.has(id)) return;
    if (isForeign) ids.add(id);
    else ids.delete(id);
    // Oldest first: a set this large is long past its pages (they have gone).
    for (const old of ids) {
      if (ids.size <= MAX_FOREIGN) break;
      ids.delete(old);
    }
    await (await caches.open(CACHE)).put(FOREIGN_KEY, new Response(JSON.stringify([...ids])));
  }).catch(() => {});
  return saving;
}

async function isForeign(id) {
  if (!id) return false;
  if (verdicts.has(id)) return verdicts.get(id);
  return (await foreign).has(id);
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      await Promise.all(Object.entries(FILES).map(async ([path, integrity]) => {
        const url = SCOPE + path;
        const page = path === 'index.html';
        const response = await fetch(new Request(url, { cache: 'no-cache', integrity: page ? '' : integrity }));
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        const body = await response.arrayBuffer();
        if (page && !new TextDecoder().decode(body).includes(BUILD)) {
          throw new Error('index.html is of another build');
        }
        // A new response from the bytes: a redirected one could not answer a navigation.
        const { status, statusText, headers } = response;
        await cache.put(url, new Response(body, { status, statusText, headers }));
      }));
    } catch (error) {
      await caches.delete(CACHE);
      throw error;
    }
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    // Every page open now was loaded before this worker: of another build unless it said
    // hello with this one (a Web Worker too; it has fetched its files by now).
    const open = await self.clients.matchAll({ includeUncontrolled: true, type: 'all' });
    await Promise.all(open.filter((client) => !greeted.has(client.id)).map((client) => judge(client.id, true)));
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  const { data, source } = event;
  if (data?.type !== 'pe-hello' || !source?.id) return;
  const mine = data.build === BUILD;
  if (mine) greeted.add(source.id);
  event.waitUntil(judge(source.id, !mine));
  // A page of this build is up: take over now (a no-op once active).
  if (mine) event.waitUntil(self.skipWaiting());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || request.headers.has('range') || !request.url.startsWith(SCOPE)) return;
  let path;
  try {
    path = decodeURIComponent(new URL(request.url).pathname.slice(new URL(SCOPE).pathname.length));
  } catch {
    return;
  }
  if (request.mode === 'navigate') {
    if (path === '' || path === 'index.html') event.respondWith(navigate(event));
    return;
  }
  if (path === '') path = 'index.html';
  if (Object.hasOwn(FILES, path)) event.respondWith(file(event, path));
});

/**
 * The page: the network's if it has come whole within NAVIGATION_TIMEOUT_MS (a network that
 * stalls mid-page counts as none) and is no server error, else this build's. Read whole (it is
 * small), not streamed with a clone read beside it for the build check: in Chromium that
 * clone's read, kept alive by waitUntil, now and then never settled, and while this worker has
 * an event pending the next build's worker cannot take over, skipWaiting or not.
 */
async function navigate(event) {
  const network = (async () => {
    const response = await fetch(event.request);
    // A redirect for the browser to follow: no page of any build.
    if (response.type === 'opaqueredirect') return { response, mine: false };
    const body = await response.arrayBuffer();
    const { status, statusText, headers } = response;
    const mine = new TextDecoder().decode(body).includes(BUILD);
    return { response: new Response(body, { status, statusText, headers }), mine };
  })().catch(() => null);
  const timeout = new Promise((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS, null));
  const got = await Promise.race([network, timeout]);
  if (got && got.response.status < 500) {
    // Known before the page asks for its files.
    event.waitUntil(judge(event.resultingClientId, !got.mine));
    return got.response;
  }
  // This build's page: its files are this cache's (no verdict: not foreign).
  const cached = await (await caches.open(CACHE)).match(`${SCOPE}index.html`, { ignoreVary: true });
  return cached ?? got?.response ?? (await network)?.response ?? Response.error();
}

/** A file of the app: from this build's cache unless the page asking is of another build. */
async function file(event, path) {
  const other = await isForeign(event.clientId);
  // The Web Worker a page starts is of the page's build.
  if (event.resultingClientId) event.waitUntil(judge(event.resultingClientId, other));
  if (!other || hashed.has(path)) {
    const cached = await (await caches.open(CACHE)).match(SCOPE + path, { ignoreVary: true });
    if (cached) return cached;
  }
  return fetch(event.request);
}
