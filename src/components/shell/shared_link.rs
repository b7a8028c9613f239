//! A shared envelope (`#envelope=`, DECISIONS §8): decoded in the browser, then shown like a
//! demo. A link that does not decode shows one error panel; nothing stored is touched.

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::share::LinkError;
use pep_view::text::Text;
use pep_view::text::lazy::LazyText;

use super::document::{DocumentView, Source};
use crate::platform::share::open_payload;
use crate::state::lang::{tr, tr_lazy, use_lang};

/// The envelope of a share link's payload.
#[component]
pub fn SharedLink(
    /// The fragment after `#envelope=`.
    payload: String,
) -> impl IntoView {
    let source = RwSignal::new(None::<Source>);
    let broken = RwSignal::new(None::<LinkError>);
    leptos::task::spawn_local(async move {
        match open_payload(&payload).await {
            Ok(text) => {
                source.try_set(Some(Source {
                    text: Arc::from(text),
                    recognise: false,
                }));
            }
            Err(error) => {
                broken.try_set(Some(error));
            }
        }
    });
    move || match broken.get() {
        None if source.with(Option::is_none) => view! {
            <main class="pe-layout">
                <p class="pe-shared__opening" role="status">{tr_lazy(LazyText::OpeningLink)}</p>
            </main>
        }
        .into_any(),
        None => view! { <DocumentView source=source id="shared" file_stem="shared" /> }.into_any(),
        Some(error) => broken_link(error).into_any(),
    }
}

/// The one error panel of a link that does not decode.
fn broken_link(error: LinkError) -> impl IntoView {
    let lang = use_lang();
    let reason = move || {
        let lang = lang.get();
        match error {
            LinkError::NotBase64 => LazyText::LinkNotBase64.t(lang),
            LinkError::NotDeflate => LazyText::LinkNotDeflate.t(lang),
            LinkError::TooLarge => lang.t(Text::InputTooLarge),
            LinkError::NotUtf8 => LazyText::LinkNotUtf8.t(lang),
        }
    };
    view! {
        <main class="pe-layout">
            <section class="pe-chat pe-fatal">
                <div role="alert" data-testid="share-error">
                    <h2>{tr(Text::BrokenLink)}</h2>
                    <p>{reason}</p>
                </div>
            </section>
        </main>
    }
}
