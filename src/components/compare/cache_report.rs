//! The comparison's prompt cache (DECISIONS §13): per format, where the cache breaks and why
//! (an upper bound), with the break's item marked in A's and B's JSON side by side.

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::Format;
use pep_view::model::compare::CompareView;
use pep_view::panel_tab::PanelTab;
use pep_view::text::compare::{self, Label};

use super::say;
use crate::components::widgets::{JsonText, JsonView};
use crate::state::doc::Doc;
use crate::state::lang::{tr, use_lang};

/// Each format's prompt cache: a tab per format, its sentence, and both sides' JSON.
#[component]
pub fn CacheReport(
    /// The comparison.
    compared: Arc<CompareView>,
    /// Side A's document (its exports).
    a: Doc,
    /// Side B's document.
    b: Doc,
) -> impl IntoView {
    let shown = RwSignal::new(Format::OpenAi);
    let tabs = compared
        .caches
        .iter()
        .map(|cache| {
            let format = cache.format;
            view! {
                <button
                    type="button"
                    class="pe-tab"
                    data-testid=format!("cache-tab-{}", format.as_str())
                    aria-pressed=move || (shown.get() == format).to_string()
                    on:click=move |_| shown.set(format)
                >
                    {tr(PanelTab::Export(format).label())}
                </button>
            }
        })
        .collect_view();
    let lang = use_lang();
    let caches = Arc::clone(&compared);
    let body = move || {
        let format = shown.get();
        let cache = caches.caches.iter().find(|c| c.format == format)?.clone();
        let line = compare::cache_line(lang.get(), &cache);
        Some(view! {
            <p class="pe-compare__cache" data-testid=format!("cache-{}", format.as_str())>{line}</p>
            <p class="pe-compare__bound">{compare::upper_bound(lang.get())}</p>
            <div class="pe-compare__sides">
                {side(a, format, "A", cache.cache_break.as_ref().and_then(|c| c.lines_a))}
                {side(b, format, "B", cache.cache_break.as_ref().and_then(|c| c.lines_b))}
            </div>
        })
    };
    view! {
        <section class="pe-compare__cache-report" aria-label=say(Label::Cache)>
            <h3>{say(Label::Cache)}</h3>
            <div class="pe-compare__tabs">{tabs}</div>
            {body}
        </section>
    }
}

/// One side's export in `format`, its break lines marked.
fn side(doc: Doc, format: Format, name: &'static str, lines: Option<(u32, u32)>) -> impl IntoView {
    let marked = lines.map(|(first, last)| (first as usize, last as usize));
    let json = move || {
        doc.export(format)
            .map(|export: Arc<pep_view::model::ExportView>| {
                let json = JsonText {
                    text: Arc::clone(&export.text),
                    line_starts: Arc::from(export.line_starts.as_slice()),
                    links: None,
                    added: marked,
                };
                view! { <JsonView json=json /> }
            })
    };
    view! {
        <div class="pe-compare__side pe-tabpanel" data-testid=format!("compare-side-{}", name.to_lowercase())>
            <h4>{name}</h4>
            {json}
        </div>
    }
}
