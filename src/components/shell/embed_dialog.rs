//! The Embed dialog (DECISIONS §15), in the lazy module: the top bar's Embed opens it over the
//! page (`src/platform/js/lazy.js` holds it, closes it on Escape and gives focus back). It
//! builds the `<iframe>` code of the view from its options — the source (this demo, or the
//! envelope carried by a share link), the step, the panel, view, theme, language and height —
//! with a live preview whose reported height is the code's default, and Copy.

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::embed_kit::{EmbedOptions, EmbedSource, snippet};
use pep_view::share::{Shared, fragment_payload};
use pep_view::text::Lang;
use pep_view::text::lazy::LazyText;
use pep_view::theme::Theme;
use pep_view::view_mode::ViewMode;

use crate::components::widgets::CopyButton;
use crate::platform;
use crate::state::catalogue::{self, CUSTOM};
use crate::state::lang::{tr_lazy, use_lang};

/// How high the preview is drawn (it scrolls inside); the code's height is what the viewer
/// reports for its content, whatever this is.
const PREVIEW_HEIGHT: u32 = 420;

/// What the page shows, read from its address when the dialog opens.
#[derive(Clone)]
struct Shown {
    /// The demo shown, if a demo is.
    demo: Option<&'static str>,
    /// The share fragment of the envelope shown (a share link's own), if the page has it.
    fragment: Option<String>,
    /// The title for the code's `title`.
    title: String,
}

fn shown(lang: Lang) -> Shown {
    let hash = platform::url::hash();
    if fragment_payload(&hash).is_some() {
        return Shown {
            demo: None,
            fragment: Some(hash),
            title: "Prompt Envelope".to_owned(),
        };
    }
    let asked = platform::url::query_param("demo");
    if asked.as_deref() == Some(CUSTOM) {
        return Shown {
            demo: None,
            fragment: None,
            title: "Prompt Envelope".to_owned(),
        };
    }
    let demo = catalogue::pick(asked.as_deref());
    Shown {
        demo: Some(demo.id),
        fragment: None,
        title: format!("Prompt Envelope: {}", demo.title(lang)),
    }
}

/// The Embed dialog.
#[component]
pub fn EmbedDialog(
    /// Closes the dialog (its host gives focus back).
    on_close: Callback<()>,
) -> impl IntoView {
    let lang = use_lang();
    let page = shown(lang.get_untracked());
    let as_link = RwSignal::new(page.demo.is_none());
    // The share fragment, once made (a demo's or Your envelope's text, on first use).
    let fragment = RwSignal::new(page.fragment.clone());
    // Why the link could not be made, if it could not.
    let problem = RwSignal::new(None::<LazyText>);
    let options = Options::from_page(lang.get_untracked());
    let demo = page.demo;
    Effect::new(move |_| {
        if as_link.get() && fragment.with_untracked(Option::is_none) {
            make_fragment(demo, fragment, problem);
        }
    });
    let source = move || match (as_link.get(), demo) {
        (false, Some(id)) => Some(EmbedSource::Demo(id.to_owned())),
        _ => fragment.get().map(EmbedSource::Link),
    };
    let url = Memo::new(move |_| {
        source().map(|source| options.chosen(source).url(&platform::url::app_base()))
    });
    let measured = RwSignal::new(None::<u32>);
    let preview = NodeRef::<leptos::html::Iframe>::new();
    platform::embed_kit::measure_preview(preview, move |height| {
        measured.try_set(Some(height));
    });
    let title = page.title;
    let code = Memo::new(move |_| {
        let height = options
            .height
            .get()
            .or(measured.get())
            .unwrap_or(PREVIEW_HEIGHT);
        url.get().map(|url| snippet(&url, &title, height))
    });
    let copied = Callback::new(move |()| Arc::from(code.get_untracked().unwrap_or_default()));
    view! {
        <div class="pe-dialog pe-embed" role="dialog" aria-modal="true" aria-labelledby="pe-embed-title" data-testid="embed-dialog" tabindex="-1">
            <div class="pe-dialog__head">
                <h2 id="pe-embed-title" class="pe-dialog__title">{tr_lazy(LazyText::EmbedTitle)}</h2>
                <button type="button" class="pe-button" data-testid="embed-close" on:click=move |_| on_close.run(())>
                    {tr_lazy(LazyText::EmbedClose)}
                </button>
            </div>
            <div class="pe-embed__body">
                <div class="pe-embed__options">
                    {source_choice(demo.is_some(), as_link)}
                    {options.fields()}
                </div>
                <div class="pe-embed__result">
                    <p class="pe-embed__label">{tr_lazy(LazyText::EmbedPreview)}</p>
                    {move || match url.get() {
                        Some(src) => view! {
                            <iframe class="pe-embed__preview" data-testid="embed-preview" node_ref=preview src=src title=tr_lazy(LazyText::EmbedPreview) height=PREVIEW_HEIGHT tabindex="-1"></iframe>
                        }.into_any(),
                        None => match problem.get() {
                            Some(problem) => view! { <p class="pe-embed__note" role="alert">{tr_lazy(problem)}</p> }.into_any(),
                            None => view! { <p class="pe-embed__note" role="status">{tr_lazy(LazyText::EmbedMaking)}</p> }.into_any(),
                        },
                    }}
                    <p class="pe-embed__label" id="pe-embed-code">{tr_lazy(LazyText::EmbedCodeLabel)}</p>
                    <pre class="pe-embed__code" data-testid="embed-snippet" aria-labelledby="pe-embed-code" tabindex="0">{move || code.get().unwrap_or_default()}</pre>
                    <CopyButton label=pep_view::text::Text::Copy testid="embed-copy" text=copied />
                </div>
            </div>
        </div>
    }
}

/// The source: this demo, or the envelope as a share link (the only one when no demo is shown).
fn source_choice(has_demo: bool, as_link: RwSignal<bool>) -> impl IntoView {
    let choice = move |link: bool, label: LazyText| {
        view! {
            <label class="pe-embed__radio">
                <input type="radio" name="pe-embed-source" checked=move || as_link.get() == link on:change=move |_| as_link.set(link) />
                {tr_lazy(label)}
            </label>
        }
    };
    view! {
        <fieldset class="pe-embed__field">
            <legend>{tr_lazy(LazyText::EmbedSource)}</legend>
            {has_demo.then(|| choice(false, LazyText::EmbedThisDemo))}
            {choice(true, LazyText::EmbedAsLink)}
        </fieldset>
    }
}

/// Makes the share fragment of what is shown: the demo's text, or Your envelope's (the
/// example when nothing is stored, as Your envelope shows then).
fn make_fragment(
    demo: Option<&'static str>,
    fragment: RwSignal<Option<String>>,
    problem: RwSignal<Option<LazyText>>,
) {
    leptos::task::spawn_local(async move {
        let text = match demo {
            Some(id) => catalogue::demo_source(catalogue::pick(Some(id))).await,
            None => match platform::storage::load_custom() {
                Some(text) => Some(text),
                None => catalogue::example().await,
            },
        };
        let made = match text {
            Some(text) => platform::share::make_link("", &text).await.ok(),
            None => None,
        };
        match made {
            Some(Shared::Link(link)) => {
                fragment.try_set(Some(link));
            }
            Some(Shared::TooLong(_)) => {
                problem.try_set(Some(LazyText::EmbedTooLong));
            }
            None => {
                problem.try_set(Some(LazyText::EmbedLinkFailed));
            }
        }
    });
}

/// The options besides the source, each a signal the fields set.
#[derive(Clone, Copy)]
struct Options {
    step: RwSignal<Option<u64>>,
    panel: RwSignal<String>,
    view: RwSignal<ViewMode>,
    theme: RwSignal<Option<Theme>>,
    lang: RwSignal<Lang>,
    height: RwSignal<Option<u32>>,
}

impl Options {
    /// As the page shows it now (its address and its open tab).
    fn from_page(lang: Lang) -> Options {
        let query = platform::url::query_param;
        Options {
            step: RwSignal::new(pep_view::step::from_query(query("step").as_deref())),
            panel: RwSignal::new(
                platform::embed_kit::open_tab().unwrap_or_else(|| "none".to_owned()),
            ),
            view: RwSignal::new(ViewMode::from_query(query("view").as_deref())),
            theme: RwSignal::new(Theme::from_query(query("theme").as_deref())),
            lang: RwSignal::new(lang),
            height: RwSignal::new(None),
        }
    }

    fn chosen(self, source: EmbedSource) -> EmbedOptions {
        EmbedOptions {
            source,
            step: self.step.get(),
            panel: self.panel.get(),
            view: self.view.get(),
            theme: self.theme.get(),
            lang: self.lang.get(),
        }
    }

    fn fields(self) -> impl IntoView {
        let number = |value: String| value.trim().parse::<u32>().ok().filter(|n| *n > 0);
        let panels = [
            "openai",
            "responses",
            "anthropic",
            "mcp",
            "otel",
            "raw",
            "none",
        ];
        view! {
            <label class="pe-embed__field">
                {tr_lazy(LazyText::EmbedStep)}
                <input type="number" min="1" data-testid="embed-step" prop:value=move || self.step.get().map(|s| s.to_string()).unwrap_or_default()
                    on:input=move |event| self.step.set(number(event_target_value(&event)).map(u64::from)) />
            </label>
            <label class="pe-embed__field">
                {tr_lazy(LazyText::EmbedPanel)}
                <select data-testid="embed-panel" on:change=move |event| self.panel.set(event_target_value(&event))>
                    {panels.map(|name| view! {
                        <option value=name selected=move || self.panel.get() == name>
                            {if name == "none" { tr_lazy(LazyText::EmbedPanelNone)().to_owned() } else { name.to_owned() }}
                        </option>
                    })}
                </select>
            </label>
            {self.view_field()}
            {self.theme_field()}
            <label class="pe-embed__field">
                {tr_lazy(LazyText::EmbedLanguage)}
                <select data-testid="embed-lang" on:change=move |event| self.lang.set(Lang::from_tag(&event_target_value(&event)))>
                    <option value="en" selected=move || self.lang.get() == Lang::En>"English"</option>
                    <option value="zh" selected=move || self.lang.get() == Lang::Zh>"中文"</option>
                </select>
            </label>
            <label class="pe-embed__field">
                {tr_lazy(LazyText::EmbedHeight)}
                <input type="number" min="120" data-testid="embed-height"
                    on:input=move |event| self.height.set(number(event_target_value(&event))) />
            </label>
        }
    }

    fn view_field(self) -> impl IntoView {
        let lang = use_lang();
        view! {
            <label class="pe-embed__field">
                {tr_lazy(LazyText::EmbedView)}
                <select data-testid="embed-view" on:change=move |event| self.view.set(ViewMode::from_query(Some(&event_target_value(&event))))>
                    <option value="model" selected=move || self.view.get() == ViewMode::Model>{move || lang.get().t(pep_view::text::Text::ModelView)}</option>
                    <option value="user" selected=move || self.view.get() == ViewMode::User>{move || lang.get().t(pep_view::text::Text::UserView)}</option>
                </select>
            </label>
        }
    }

    fn theme_field(self) -> impl IntoView {
        let is = move |theme: Option<Theme>| move || self.theme.get() == theme;
        view! {
            <label class="pe-embed__field">
                {tr_lazy(LazyText::EmbedTheme)}
                <select data-testid="embed-theme" on:change=move |event| self.theme.set(Theme::from_query(Some(&event_target_value(&event))))>
                    <option value="system" selected=is(None)>{tr_lazy(LazyText::EmbedThemeSystem)}</option>
                    <option value="light" selected=is(Some(Theme::Light))>{tr_lazy(LazyText::EmbedThemeLight)}</option>
                    <option value="dark" selected=is(Some(Theme::Dark))>{tr_lazy(LazyText::EmbedThemeDark)}</option>
                </select>
            </label>
        }
    }
}
