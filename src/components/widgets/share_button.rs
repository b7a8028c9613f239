//! Share (DECISIONS §8): copies a link that holds the whole envelope in its fragment. Beyond
//! 2 MB of link it says why there is none and offers Download instead.

use std::sync::Arc;

use leptos::prelude::*;

use pep_view::share::Shared;

use crate::platform;
use crate::platform::share::make_link;
use crate::state::lang::tr;
use pep_view::text::Text;

/// What the last press did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Idle,
    Copied,
    Failed,
    TooLong,
}

/// The Share button and its notice.
#[component]
pub fn ShareButton(
    /// The envelope text, as given.
    source: Arc<str>,
    /// Download file name without extension.
    file_stem: String,
) -> impl IntoView {
    let outcome = RwSignal::new(Outcome::Idle);
    let source = StoredValue::new(source);
    let share = move |_| {
        let text = source.get_value();
        leptos::task::spawn_local(async move {
            let next = match make_link(&platform::url::url_without_hash(), &text).await {
                Ok(Shared::Link(link)) => match platform::clipboard::copy_text(&link).await {
                    Ok(()) => Outcome::Copied,
                    Err(_) => Outcome::Failed,
                },
                Ok(Shared::TooLong(_)) => Outcome::TooLong,
                Err(_) => Outcome::Failed,
            };
            outcome.try_set(next);
        });
    };
    let stem = StoredValue::new(file_stem);
    let download = move |_| {
        let name = stem.with_value(|stem| format!("{stem}.json"));
        let _ =
            source.with_value(|text| platform::files::download(&name, text, "application/json"));
    };
    view! {
        <button type="button" class="pe-button" data-testid="share" on:click=share>
            {tr(Text::Share)}
        </button>
        {move || match outcome.get() {
            Outcome::Idle => ().into_any(),
            Outcome::Copied => view! {
                <span class="pe-share__note" role="status" data-testid="share-status">{tr(Text::LinkCopied)}</span>
            }
            .into_any(),
            Outcome::Failed => view! {
                <span class="pe-share__note" role="alert" data-testid="share-status">{tr(Text::CopyFailed)}</span>
            }
            .into_any(),
            Outcome::TooLong => view! {
                <span class="pe-share__note" role="alert" data-testid="share-status">
                    {tr(Text::LinkTooLong)}
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
