// The compare view's loader: src/platform/compare.rs says what it does (it is in the first
// render, so its words are there).

let loading = null;
let shown = null;
let langWatch = null;
let tries = 0;

// A failed fetch is tried again next time, by another URL: the browser keeps a module that
// failed to load as failed.
function load() {
  const base = document.baseURI;
  if (!document.querySelector('link[data-pe-compare]')) {
    const sheet = document.createElement('link');
    sheet.rel = 'stylesheet';
    sheet.href = new URL('compare.css', base).href;
    sheet.dataset.peCompare = '';
    document.head.append(sheet);
  }
  if (!loading) {
    const url = new URL('pep-compare.js', base);
    if (tries++) url.searchParams.set('try', tries);
    loading = import(url.href).then(async (module) => {
      await module.default({ module_or_path: new URL('pep-compare_bg.wasm', base).href });
      return module;
    });
    loading.catch(() => { loading = null; });
  }
  return loading;
}

function watchLang() {
  if (langWatch) return;
  const root = document.documentElement;
  langWatch = new MutationObserver(() => loading?.then((module) => module.set_lang(root.lang), () => {}));
  langWatch.observe(root, { attributes: true, attributeFilter: ['lang'] });
}

export function openCompare(aId, aLabel, aText, bId, loadingText, failedText, closeText) {
  if (shown) closeCompare();
  const host = document.createElement('div');
  host.className = 'pe-compare-host';
  host.dataset.testid = 'compare-host';
  const status = document.createElement('p');
  status.className = 'pe-panel__ok';
  status.setAttribute('role', 'status');
  status.textContent = loadingText;
  host.append(status);
  (document.querySelector('.pe-app') ?? document.body).append(host);
  document.documentElement.classList.add('pe-comparing');
  const back = document.activeElement;
  shown = { host, back };
  window.scrollTo(0, 0);
  load().then((module) => {
    if (shown?.host !== host) return;
    status.remove();
    watchLang();
    module.mount(host, aId, aLabel, aText, bId, document.documentElement.lang, closeCompare);
    host.querySelector('h2')?.focus();
  }).catch(() => {
    if (shown?.host !== host) return;
    status.className = 'pe-compare-host__error';
    status.setAttribute('role', 'alert');
    status.textContent = failedText;
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'pe-button';
    close.dataset.testid = 'compare-close';
    close.textContent = closeText;
    close.addEventListener('click', closeCompare);
    host.append(close);
    close.focus();
  });
}

export function closeCompare() {
  if (!shown) return;
  const { host, back } = shown;
  shown = null;
  loading?.then((module) => module.unmount(), () => {});
  host.remove();
  document.documentElement.classList.remove('pe-comparing');
  const url = new URL(location.href);
  if (url.searchParams.has('compare')) {
    url.searchParams.delete('compare');
    history.replaceState(history.state, '', url);
  }
  if (back?.isConnected) back.focus();
}
