// The half of the crash panel that must not depend on the wasm instance (a panic aborts it;
// see src/platform/crash.rs). A plain script, loaded before the app, allowed by the CSP as 'self'.
// - The crash panel: the Rust panic hook asks for it (`peCrashPanel`); every [data-pe-reload]
//   button reloads the page.
// - A wasm trap that bypassed the panic hook (an allocation failure aborts without a panic), or
//   a wasm that cannot start, gets the same panel, saved editor text and crashed marker.
(() => {
  'use strict';
  const CUSTOM_KEY = 'prompt-envelope.custom';
  const CRASHED_KEY = 'prompt-envelope.crashed';
  const EDITOR_ID = 'pe-editor-input';
  let started = false;
  addEventListener('TrunkApplicationStarted', () => { started = true; });

  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-pe-reload]') : null;
    if (button) {
      event.preventDefault();
      location.reload();
    }
  });

  const isTrap = (error) => typeof WebAssembly === 'object' && (
    error instanceof WebAssembly.RuntimeError || error instanceof WebAssembly.CompileError ||
    error instanceof WebAssembly.LinkError);

  function saveEditor() {
    const editor = document.getElementById(EDITOR_ID);
    if (!editor) return;
    try {
      localStorage.setItem(CUSTOM_KEY, editor.value);
      localStorage.setItem(CRASHED_KEY, '1');
    } catch { /* storage full or disabled: nothing more to do */ }
  }

  function node(tag, className, text) {
    const element = document.createElement(tag);
    element.className = className;
    if (text) element.textContent = text;
    return element;
  }

  function showPanel(message) {
    if (!document.body || document.querySelector('.pe-crash')) return;
    const zh = (document.documentElement.lang || '').toLowerCase().startsWith('zh');
    const text = zh
      ? ['页面出错了', '查看器遇到一个内部错误，无法继续运行。你的信封文本已保存在本浏览器中：重新加载后它仍在编辑器里，但不会自动再次显示。', '重新加载']
      : ['The page stopped working', 'The viewer hit an internal error and cannot go on. Your envelope text is saved in this browser: after Reload it is back in the editor, and it is not shown again until you ask.', 'Reload'];
    for (const child of document.body.children) child.setAttribute('inert', '');
    const panel = node('div', 'pe-crash');
    panel.setAttribute('role', 'alert');
    panel.dataset.testid = 'crash-panel';
    const card = node('div', 'pe-crash__card');
    const pre = node('pre', 'pe-crash__message', message);
    pre.dataset.testid = 'crash-message';
    const reload = node('button', 'pe-button pe-crash__reload', text[2]);
    reload.type = 'button';
    reload.dataset.peReload = '';
    reload.dataset.testid = 'crash-reload';
    card.append(node('h1', 'pe-crash__title', text[0]), node('p', 'pe-crash__body', text[1]), pre, reload);
    panel.append(card);
    document.body.append(panel);
    reload.focus();
  }

  // The Rust panic hook's panel (src/platform/crash.rs): the same one, built here once.
  window.peCrashPanel = (message) => showPanel(String(message));

  function fallback(error) {
    if (document.querySelector('.pe-crash')) return;
    // After the start, only a wasm trap means the app is dead; before it, any error does.
    if (started && !isTrap(error)) return;
    saveEditor();
    showPanel(String(error && error.stack ? error.stack : error));
  }
  addEventListener('error', (event) => fallback(event.error ?? event.message));
  addEventListener('unhandledrejection', (event) => fallback(event.reason));
  // The loader script or the wasm refused by the CSP (e.g. a changed index.html): say so.
  addEventListener('securitypolicyviolation', (event) => {
    if (!started && event.effectiveDirective.startsWith('script-src')) {
      fallback(`Blocked by the Content-Security-Policy (${event.effectiveDirective}): ${event.blockedURI}`);
    }
  });
})();
