// The first paint, before the app's wasm has loaded: the top bar, exactly as the app renders
// it. scripts/post-build.mjs inlines this script into dist/index.html after the two
// <template>s of the top bar that the build wrote (crates/pep-view/src/render/shell.rs), and
// the Content-Security-Policy allows it by its hash. It decides what the app decides, by the
// same rules: the language (?lang=, else the browser's; src/components/shell/app.rs), the
// pressed demo (?demo=, any case, else the default; none for a shared link), the theme
// (?theme=, else the system's; crates/pep-view/src/theme.rs), presenter mode (?present=;
// crates/pep-view/src/route.rs), and nothing in embed mode (no top bar). The app removes the
// shell when it mounts its own top bar, in the same task (src/lib.rs).
// tests/e2e/first-render.e2e.mjs compares the two in every case.
(() => {
  const query = new URLSearchParams(location.search);
  if (['1', 'true'].includes(query.get('embed'))) return;
  const tag = (query.get('lang') ?? navigator.language ?? '').trim().toLowerCase();
  const zh = tag.startsWith('zh');
  const template = document.getElementById(zh ? 'pe-shell-zh' : 'pe-shell-en');
  if (!template) return;
  const ids = [...template.content.querySelectorAll('[data-demo]')].map((button) => button.dataset.demo);
  const requested = (query.get('demo') ?? '').replace(/[A-Z]/g, (c) => c.toLowerCase());
  const fallback = ids.includes(template.dataset.default) ? template.dataset.default : ids[0];
  let current = query.get('demo') === 'custom' ? 'custom' : ids.includes(requested) ? requested : fallback;
  if (location.hash.startsWith('#envelope=')) current = '';
  const asked = query.get('theme');
  const theme = asked === 'light' || asked === 'dark' ? asked
    : matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  const shell = document.createElement('div');
  shell.className = 'pe-app';
  shell.id = 'pe-shell';
  shell.append(template.content.cloneNode(true));
  for (const button of shell.querySelectorAll('.pe-demo-button')) {
    const pressed = (button.dataset.demo ?? 'custom') === current;
    button.classList.toggle('pe-demo-button--active', pressed);
    button.setAttribute('aria-pressed', String(pressed));
  }
  shell.querySelector('.pe-theme-switch')?.setAttribute('aria-pressed', String(theme === 'dark'));
  const present = ['1', 'true'].includes((query.get('present') ?? '').trim());
  shell.classList.toggle('pe-app--present', present);
  shell.querySelector('.pe-present-switch')?.setAttribute('aria-pressed', String(present));
  document.documentElement.lang = zh ? 'zh-CN' : 'en';
  document.documentElement.dataset.theme = theme;
  document.body.prepend(shell);
})();
