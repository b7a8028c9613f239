//! The UI language as context, so every component can translate without prop drilling.

use leptos::prelude::*;
use pep_view::text::lazy::LazyText;
use pep_view::text::{Lang, Text};

/// The UI language of every component below (`?lang=`, the switch, the host's `set`).
#[derive(Debug, Clone, Copy)]
pub struct UiLang(pub RwSignal<Lang>);

/// Makes `lang` the UI language of every component below.
pub fn provide_lang(lang: RwSignal<Lang>) {
    provide_context(UiLang(lang));
}

/// The UI language signal; English when no provider is mounted (component tests).
pub fn use_lang() -> RwSignal<Lang> {
    use_context::<UiLang>().map_or_else(|| RwSignal::new(Lang::En), |lang| lang.0)
}

/// A reactive translation of `text`, for use in views.
pub fn tr(text: Text) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = use_lang();
    move || lang.get().t(text)
}

/// A reactive translation of a lazy view's `text` (only the lazy module shows them).
pub fn tr_lazy(text: LazyText) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = use_lang();
    move || text.t(lang.get())
}
