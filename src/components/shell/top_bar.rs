//! The top bar: app title, demo switcher (spec §8 order), language switch, dark-theme switch
//! and presenter-mode switch.

use leptos::prelude::*;

use pep_view::text::{Lang, Text};

use super::{CUSTOM, PresentSwitch, ThemeSwitch};
use crate::state::catalogue::DEMOS;
use crate::state::lang::{tr, use_lang};

/// The top bar.
#[component]
pub fn TopBar(
    /// Id of the demo on screen.
    #[prop(into)]
    current: Signal<String>,
    /// Called with a demo id when the user picks one.
    on_select: impl Fn(String) + Copy + Send + Sync + 'static,
    /// Called with the language the user switches to.
    on_lang: impl Fn(Lang) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let lang = use_lang();
    let buttons = DEMOS
        .iter()
        .map(|demo| {
            let id = demo.id;
            let selected = move || current.get() == id;
            let title = move || demo.title(lang.get());
            let description = move || match lang.get() {
                Lang::Zh => demo.description_zh,
                Lang::En => demo.description_en,
            };
            view! {
                <button
                    type="button"
                    class="pe-demo-button"
                    class:pe-demo-button--active=selected
                    aria-pressed=move || selected().to_string()
                    data-demo=id
                    title=description
                    on:click=move |_| on_select(id.to_owned())
                >
                    {title}
                </button>
            }
        })
        .collect_view();
    view! {
        <header class="pe-topbar" data-testid="top-bar">
            <div class="pe-brand">
                <span class="pe-brand__logo" aria-hidden="true">"✉"</span>
                <div>
                    <h1 class="pe-brand__name">"Prompt Envelope"</h1>
                    <p class="pe-brand__tagline">{tr(Text::AppSubtitle)}</p>
                </div>
            </div>
            <nav class="pe-demos" aria-label=tr(Text::Demos) data-testid="demo-switcher">
                {buttons}
                <button
                    type="button"
                    class="pe-demo-button pe-demo-button--custom"
                    class:pe-demo-button--active=move || current.get() == CUSTOM
                    aria-pressed=move || (current.get() == CUSTOM).to_string()
                    data-testid="custom-envelope"
                    on:click=move |_| on_select(CUSTOM.to_owned())
                >
                    {tr(Text::YourEnvelope)}
                </button>
            </nav>
            // The visible text is the other language's own name, so it is the accessible name
            // too, marked with that language.
            <button
                type="button"
                class="pe-lang-switch"
                title=tr(Text::SwitchLanguage)
                lang=move || lang.get().other().code()
                data-testid="lang-switch"
                on:click=move |_| on_lang(lang.get_untracked().other())
            >
                {move || lang.get().other().t(Text::LanguageName)}
            </button>
            <ThemeSwitch />
            <PresentSwitch />
            {embed_button(lang)}
        </header>
    }
}

/// Embed: the dialog is the lazy module's, the page carries only this button.
fn embed_button(lang: RwSignal<Lang>) -> impl IntoView {
    view! {
        <button
            type="button"
            class="pe-embed-button"
            title=tr(Text::EmbedCodeHint)
            data-testid="embed-code"
            on:click=move |_| crate::platform::embed_kit::open(lang.get_untracked())
        >
            {tr(Text::EmbedCode)}
        </button>
    }
}
