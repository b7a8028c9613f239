// The lazy module's loader (src/lazy_main.rs, fetched on first use): the compare view
// (src/platform/compare.rs says how it is shown), the request list (src/platform/requests.rs),
// Share (src/platform/share.rs), the envelopes it shows for the page (src/platform/lazy_document.rs), the
// keyboard shortcuts (src/platform/shortcuts.rs) and the Embed dialog (src/platform/embed_kit.rs). The module's own
// views load this same file (one URL, so one instance): what they open is mounted by the
// module already here. This file is in the first render, so the words shown
// while the module loads, or when it cannot be fetched, are passed in by the page.

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
    const url = new URL('pep-lazy.js', base);
    if (tries++) url.searchParams.set('try', tries);
    loading = import(url.href).then(async (module) => {
      await module.default({ module_or_path: new URL('pep-lazy_bg.wasm', base).href });
      return module;
    });
    loading.catch(() => { loading = null; });
  }
  return loading;
}

/** A notice element: `tag` of `className`, with `role` (status or alert), `text`, and `testid`. */
function notice(tag, className, role, text, testid) {
  const element = document.createElement(tag);
  element.className = className;
  element.setAttribute('role', role);
  element.textContent = text;
  if (testid) element.dataset.testid = testid;
  return element;
}

function watchLang() {
  if (langWatch) return;
  // The module's views follow `<html lang>`, which the page keeps.
  const root = document.documentElement;
  langWatch = new MutationObserver(() => loading?.then((module) => module.set_lang(root.lang), () => {}));
  langWatch.observe(root, { attributes: true, attributeFilter: ['lang'] });
}

export function openCompare(aId, aLabel, aText, bId, bLabel, bText, loadingText, failedText, closeText) {
  // Replacing one shown (Back between two comparisons) keeps the URL and the page's scroll.
  const scroll = shown ? shown.scroll : window.scrollY;
  const back = shown ? shown.back : document.activeElement;
  hide();
  const host = document.createElement('div');
  (document.querySelector('.pe-app') ?? document.body).append(host);
  host.className = 'pe-compare-host';
  host.dataset.testid = 'compare-host';
  const status = notice('p', 'pe-panel__ok', 'status', loadingText);
  host.append(status);
  document.documentElement.classList.add('pe-comparing');
  shown = { host, back, scroll };
  window.scrollTo(0, 0);
  load().then((module) => {
    if (shown?.host !== host) return;
    status.remove();
    watchLang();
    module.mount(host, aId, aLabel, aText, bId, bLabel, bText, document.documentElement.lang, closeCompare);
    host.querySelector('h2')?.focus();
  }).catch(() => {
    if (shown?.host !== host) return;
    // A new element, so the alert is announced.
    status.replaceWith(notice('p', 'pe-compare-host__error', 'alert', failedText));
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

function hide() {
  if (!shown) return null;
  const was = shown;
  shown = null;
  loading?.then((module) => module.unmount(), () => {});
  was.host.remove();
  document.documentElement.classList.remove('pe-comparing');
  return was;
}

export function closeCompare() {
  const was = hide();
  if (!was) return;
  const url = new URL(location.href);
  if (url.searchParams.has('compare')) {
    url.searchParams.delete('compare');
    history.replaceState(history.state, '', url);
  }
  window.scrollTo(0, was.scroll);
  if (was.back?.isConnected) was.back.focus({ preventScroll: true });
}

// The request list of a file of many requests, in the module too, mounted into `root`:
// `onChoose(text, summaryBytes)` gets each chosen request's envelope; two neighbours open a
// comparison.
export function openRequests(root, text, failedText, onChoose) {
  load().then((module) => {
    if (!root.isConnected) return;
    root.replaceChildren();
    watchLang();
    module.mount_requests(root, text, document.documentElement.lang, onChoose,
      (aLabel, aText, bLabel, bText) => openCompare('text', aLabel, aText, 'text', bLabel, bText,
        root.dataset.loading, root.dataset.failed, root.dataset.close));
  }).catch(() => {
    root.replaceChildren(notice('p', 'pe-compare-host__error', 'alert', failedText));
  });
}

export function closeRequests() {
  loading?.then((module) => module.unmount_requests(), () => {});
}

// Share (DECISIONS §8): each press mounts the scan and the link into `place`, beside the
// button, replacing what an earlier press left; `place` says `scanningText` until then.
let sharing = 0;

export function openShare(place, text, stem, scanningText, failedText) {
  const press = ++sharing;
  place.replaceChildren(notice('span', 'pe-share__note', 'status', scanningText, 'share-scanning'));
  load().then((module) => {
    if (press !== sharing || !place.isConnected) return;
    place.replaceChildren();
    watchLang();
    module.mount_share(place, text, stem, document.documentElement.lang);
  }).catch(() => {
    if (press !== sharing || !place.isConnected) return;
    place.replaceChildren(notice('span', 'pe-share__note', 'alert', failedText, 'share-status'));
  });
}

export function closeShare() {
  sharing++;
  loading?.then((module) => module.unmount_share(), () => {});
}

// An envelope the module shows for the page (`what`: custom, shared with `payload`, stored),
// mounted into `host`, which says `loadingText` until then.
let documentShown = null;
// Texts (pasted, Edit a copy's) and dropped files, as the browser has them, for Your envelope
// until it is mounted, in order.
const rawArrivals = [];

export function openDocument(host, what, payload, embed, view, present, step, at, loadingText, failedText, onView, onEdit) {
  closeDocument();
  const shown = { host, what, mounted: false };
  documentShown = shown;
  host.replaceChildren(notice('p', 'pe-panel__ok', 'status', loadingText));
  load().then((module) => {
    if (documentShown !== shown || !host.isConnected) return;
    host.replaceChildren();
    watchLang();
    // A place a host asked for while the module loaded wins over the one of the start.
    module.mount_document(host, what, payload, embed, view, present, step, shown.at ?? at, document.documentElement.lang, onView, onEdit);
    shown.mounted = true;
    // A task of its own: reading a large file after the mount's work, not with it.
    if (what === 'custom') setTimeout(() => {
      if (documentShown === shown) for (const raw of rawArrivals.splice(0)) module.document_arrive_raw(raw);
    });
  }).catch(() => {
    if (documentShown !== shown) return;
    host.replaceChildren(notice('p', 'pe-compare-host__error', 'alert', failedText));
  });
}

// A text or a dropped file for Your envelope, as the browser has it: the module copies it into
// its memory, once. The page opens Your envelope right after, if it is not shown.
export function arriveRaw(raw) {
  if (documentShown?.what === 'custom' && documentShown.mounted) {
    loading?.then((module) => module.document_arrive_raw(raw), () => {});
  } else {
    rawArrivals.push(raw);
  }
}

// A place (a deep link's path) a framing host asks for while the module shows the envelope
// (DECISIONS §15, `set` with `at`): taken by the module's view, or at its mount.
export function documentAt(path) {
  if (!documentShown) return;
  if (documentShown.mounted) loading?.then((module) => module.document_at(path), () => {});
  else documentShown.at = path;
}

export function closeDocument() {
  if (!documentShown) return;
  const was = documentShown;
  documentShown = null;
  if (was.mounted) loading?.then((module) => module.unmount_document(), () => {});
}

// The modal dialogs over the page, the lazy module's (DECISIONS §15): the keyboard shortcuts
// (`?`) and the Embed dialog. One at a time. The host holds what is shown while the module
// loads (or that it failed) and then the module's dialog. While it is open, Escape closes it
// wherever focus is (a click inside moves focus to the page), and Tab and Shift+Tab cycle
// through its controls: a listener on the document, in the capture phase, sees every key
// before the page's own. A click on the backdrop closes it too; focus goes back on closing.
let dialogShown = null;
// The preview iframe is left out: focus inside it would take the keys (Escape) away.
const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

function dialogKeys(event) {
  const shown = dialogShown;
  if (!shown) return;
  if (event.key === 'Escape') {
    event.preventDefault();
    event.stopImmediatePropagation();
    closeDialog();
  } else if (event.key === 'Tab') {
    const controls = [...shown.host.querySelectorAll(FOCUSABLE)].filter((c) => !c.disabled && c.getClientRects().length);
    if (!controls.length) return;
    const at = controls.indexOf(document.activeElement);
    const next = event.shiftKey ? (at <= 0 ? controls.length - 1 : at - 1) : (at + 1) % controls.length;
    event.preventDefault();
    controls[next].focus({ preventScroll: true });
  }
}

function openDialog(kind, loadingText, failedText) {
  if (dialogShown?.kind === kind) {
    dialogShown.host.querySelector('button')?.focus({ preventScroll: true });
    return;
  }
  closeDialog();
  const host = document.createElement('div');
  host.className = 'pe-dialog-host';
  // Where a pressed button takes no focus (Safari), focus goes back to the control itself.
  const active = document.activeElement;
  const back = active && active !== document.body ? active : document.querySelector(`[data-testid="${kind === 'embed' ? 'embed-code' : 'top-bar'}"]`);
  const shown = { kind, host, back, mounted: false };
  dialogShown = shown;
  document.addEventListener('keydown', dialogKeys, true);
  host.addEventListener('click', (event) => { if (event.target === host) closeDialog(); });
  const status = notice('p', 'pe-dialog-host__note', 'status', loadingText);
  status.tabIndex = -1;
  host.append(status);
  (document.querySelector('.pe-app') ?? document.body).append(host);
  status.focus({ preventScroll: true });
  load().then((module) => {
    if (dialogShown !== shown) return;
    host.replaceChildren();
    watchLang();
    module[`mount_${kind}`](host, document.documentElement.lang, closeDialog);
    shown.mounted = true;
    host.querySelector('button')?.focus({ preventScroll: true });
  }).catch(() => {
    if (dialogShown !== shown) return;
    const failed = notice('p', 'pe-dialog-host__note', 'alert', failedText);
    failed.tabIndex = -1;
    host.replaceChildren(failed);
    failed.focus({ preventScroll: true });
  });
}

function closeDialog() {
  const was = dialogShown;
  if (!was) return;
  dialogShown = null;
  document.removeEventListener('keydown', dialogKeys, true);
  if (was.mounted) loading?.then((module) => module[`unmount_${was.kind}`](), () => {});
  was.host.remove();
  if (was.back?.isConnected) was.back.focus({ preventScroll: true });
}

// An export tab's SDK code (src/platform/snippets.rs), mounted into its "Code" disclosure the
// first time it opens; the module keeps each while its host is in the page.
export function openSnippets(host, format, fileName, model, loadingText, failedText) {
  if (host.dataset.peMounted) return;
  host.dataset.peMounted = 'loading';
  host.replaceChildren(notice('p', 'pe-dialog-host__note', 'status', loadingText));
  load().then((module) => {
    host.replaceChildren();
    watchLang();
    module.mount_snippets(host, document.documentElement.lang, format, fileName, model);
    host.dataset.peMounted = 'yes';
  }).catch(() => {
    delete host.dataset.peMounted;
    host.replaceChildren(notice('p', 'pe-dialog-host__note', 'alert', failedText));
  });
}

export function openShortcuts(loadingText, failedText) {
  openDialog('shortcuts', loadingText, failedText);
}

export function openEmbed(loadingText, failedText) {
  openDialog('embed', loadingText, failedText);
}
