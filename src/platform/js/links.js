// Deep links in the page (DECISIONS §15), the part that needs nothing from the wasm instance:
// - every segment's "Copy link to this segment" button (`.pe-seglink`, plain markup the app
//   renders once per segment) copies the page's own address — the demo or the share fragment
//   and the step, as the URL has them — with the language, view and panel shown and `at=` for
//   the segment (its `data-path`); the button says for two seconds whether that worked;
// - a deep link's mark (`data-testid="deep-link-target"`, set by src/platform/viewport.rs)
//   goes when the reader presses anywhere outside the marked place.
// One listener each for the whole document, so a thousand segments cost no handler each.
(() => {
  'use strict';
  const MARK = '[data-testid="deep-link-target"]';
  const TEXT = {
    en: ['Copy link to this segment', 'Copied', 'Copy failed'],
    zh: ['复制指向此 Segment 的链接', '已复制', '复制失败'],
  };
  const lang = () => ((document.documentElement.lang || '').toLowerCase().startsWith('zh') ? 'zh' : 'en');

  /** The page's address as shown, with `at=` for the segment at `path`. */
  function linkTo(path, button) {
    const url = new URL(location.href);
    const query = url.searchParams;
    query.set('lang', lang());
    const layout = button.closest('.pe-layout');
    if (layout?.dataset.view === 'user') query.set('view', 'user');
    else query.delete('view');
    const tab = layout?.querySelector('.pe-panel [role="tab"][aria-selected="true"]');
    query.set('panel', tab ? tab.id.replace(/^pe-tab-/, '') : 'none');
    query.set('at', path);
    return url.href;
  }

  /** Copies `text`: the asynchronous clipboard, else a selected text area (plain-HTTP frames). */
  async function copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      const area = document.createElement('textarea');
      area.value = text;
      area.readOnly = true;
      area.className = 'pe-offscreen';
      document.body.append(area);
      area.select();
      let copied = false;
      try { copied = document.execCommand('copy'); } catch { /* refused: say so */ }
      area.remove();
      return copied;
    }
  }

  function say(button, text, outcome) {
    button.setAttribute('aria-label', text);
    button.title = text;
    button.classList.remove('pe-button--ok', 'pe-button--bad');
    if (outcome) button.classList.add(outcome);
  }

  document.addEventListener('click', async (event) => {
    const button = event.target instanceof Element ? event.target.closest('.pe-seglink') : null;
    const path = button?.closest('[data-path]')?.dataset.path;
    if (!button || !path) return;
    const copied = await copy(linkTo(path, button));
    const text = TEXT[lang()];
    say(button, copied ? text[1] : text[2], copied ? 'pe-button--ok' : 'pe-button--bad');
    clearTimeout(button.peTimer);
    button.peTimer = setTimeout(() => say(button, TEXT[lang()][0], null), 2000);
  });

  document.addEventListener('pointerdown', (event) => {
    const marked = document.querySelector(MARK);
    if (!marked || (event.target instanceof Node && marked.contains(event.target))) return;
    marked.removeAttribute('data-testid');
    marked.classList.remove('pe-hit');
    marked.querySelector('.pe-hit')?.classList.remove('pe-hit');
  }, true);
})();
