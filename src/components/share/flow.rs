//! Share's flow (DECISIONS §8), mounted beside the Share button when it is pressed: the
//! worker first scans the text for secrets; when it finds any, they are listed with their
//! paths and the link is made only on "Redact and share" (a copy with each secret replaced)
//! or "Share as is". Beyond 2 MB of link it says why there is none and offers Download.

use std::sync::Arc;

use leptos::prelude::*;

use pep_view::model::{Request, Response, SecretFound};
use pep_view::share::Shared;
use pep_view::text::Text;
use pep_view::text::lazy::LazyText;

use super::ShareFindings;
use crate::platform;
use crate::platform::share::make_link;
use crate::state::engine::use_engine;
use crate::state::lang::{tr, tr_lazy, use_lang};

/// Where one press of Share is.
#[derive(Debug, Clone, PartialEq)]
enum Outcome {
    Idle,
    Scanning,
    /// Secrets were found: the findings and the redacted copy, waiting for a choice.
    Found(Arc<(Vec<SecretFound>, String)>),
    /// The link is on the clipboard; how many secrets its copy had redacted.
    Copied(usize),
    Failed,
    TooLong,
}

/// One press of Share: the scan, then the findings or the link, and what came of it.
#[component]
pub fn ShareFlow(
    /// The envelope text, as given.
    source: Arc<str>,
    /// Download file name without extension.
    file_stem: String,
) -> impl IntoView {
    let outcome = RwSignal::new(Outcome::Scanning);
    let source = StoredValue::new(source);
    scan(source, outcome);
    let stem = StoredValue::new(file_stem);
    let download = move |_| {
        let name = stem.with_value(|stem| format!("{stem}.json"));
        let _ =
            source.with_value(|text| platform::files::download(&name, text, "application/json"));
    };
    let lang = use_lang();
    view! {
        {move || match outcome.get() {
            Outcome::Idle => ().into_any(),
            Outcome::Scanning => view! {
                <span class="pe-share__note" role="status" data-testid="share-scanning">{tr(Text::Scanning)}</span>
            }
            .into_any(),
            Outcome::Found(found) => {
                let count = found.0.len();
                let redacted: Arc<str> = Arc::from(found.1.as_str());
                view! {
                    <ShareFindings
                        found=Arc::clone(&found)
                        on_redact=Callback::new(move |()| link(Arc::clone(&redacted), count, outcome))
                        on_as_is=Callback::new(move |()| link(source.get_value(), 0, outcome))
                        on_cancel=Callback::new(move |()| outcome.set(Outcome::Idle))
                    />
                }
                .into_any()
            }
            Outcome::Copied(0) => view! {
                <span class="pe-share__note" role="status" data-testid="share-status">{tr_lazy(LazyText::LinkCopied)}</span>
            }
            .into_any(),
            Outcome::Copied(count) => view! {
                <span class="pe-share__note" role="status" data-testid="share-status">
                    {move || lang.get().link_copied_redacted(count)}
                </span>
            }
            .into_any(),
            Outcome::Failed => view! {
                <span class="pe-share__note" role="alert" data-testid="share-status">{tr(Text::CopyFailed)}</span>
            }
            .into_any(),
            Outcome::TooLong => view! {
                <span class="pe-share__note" role="alert" data-testid="share-status">
                    {tr_lazy(LazyText::LinkTooLong)}
                    " "
                    <button type="button" class="pe-button" data-testid="share-download" on:click=download>
                        {tr(Text::Download)}
                    </button>
                </span>
            }
            .into_any(),
        }}
    }
}

/// Asks the worker for the secrets of `source`: none → the link at once; some → the findings.
fn scan(source: StoredValue<Arc<str>>, outcome: RwSignal<Outcome>) {
    let engine = use_engine();
    let slot = StoredValue::new(0u32);
    let id = engine.register(move |response| {
        let Response::Redacted {
            found, redacted, ..
        } = response
        else {
            return;
        };
        engine.forget(slot.get_value());
        match redacted {
            Some(copy) if !found.is_empty() => {
                outcome.try_set(Outcome::Found(Arc::new((found, copy))));
            }
            _ => link(source.get_value(), 0, outcome),
        }
    });
    slot.set_value(id);
    let text = source.with_value(|text| text.to_string());
    engine.send(Request::Redact {
        doc: id,
        source: text,
    });
}

/// Makes the link of `text` and copies it; `redacted` secrets were replaced in that text.
fn link(text: Arc<str>, redacted: usize, outcome: RwSignal<Outcome>) {
    leptos::task::spawn_local(async move {
        let next = match make_link(&platform::url::url_without_hash(), &text).await {
            Ok(Shared::Link(link)) => match platform::clipboard::copy_text(&link).await {
                Ok(()) => Outcome::Copied(redacted),
                Err(_) => Outcome::Failed,
            },
            Ok(Shared::TooLong(_)) => Outcome::TooLong,
            Err(_) => Outcome::Failed,
        };
        outcome.try_set(next);
    });
}
