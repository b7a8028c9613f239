//! A shared envelope (`#envelope=`, DECISIONS §8): decoded in the browser, then shown like a
//! demo. A link that does not decode shows one error panel; nothing stored is touched.

use leptos::prelude::*;

use crate::components::{EnvelopeView, tr};
use crate::share::{LinkError, open_payload};
use pep_view::text::Text;

/// What became of the link so far.
#[derive(Debug, Clone, PartialEq)]
enum State {
    Opening,
    Open(String),
    Broken(LinkError),
}

/// The envelope of a share link's payload.
#[component]
pub fn SharedLink(
    /// The fragment after `#envelope=`.
    payload: String,
) -> impl IntoView {
    let state = RwSignal::new(State::Opening);
    leptos::task::spawn_local(async move {
        let next = match open_payload(&payload).await {
            Ok(text) => State::Open(text),
            Err(error) => State::Broken(error),
        };
        state.try_set(next);
    });
    move || match state.get() {
        State::Opening => view! {
            <main class="pe-layout">
                <p class="pe-shared__opening" role="status">{tr(Text::OpeningLink)}</p>
            </main>
        }
        .into_any(),
        State::Open(text) => {
            view! { <EnvelopeView source=text file_stem="shared" id="shared" /> }.into_any()
        }
        State::Broken(error) => {
            let reason = match error {
                LinkError::NotBase64 => Text::LinkNotBase64,
                LinkError::NotDeflate => Text::LinkNotDeflate,
                LinkError::TooLarge => Text::InputTooLarge,
                LinkError::NotUtf8 => Text::LinkNotUtf8,
            };
            view! {
                <main class="pe-layout">
                    <section class="pe-chat pe-fatal">
                        <div role="alert" data-testid="share-error">
                            <h2>{tr(Text::BrokenLink)}</h2>
                            <p>{tr(reason)}</p>
                        </div>
                    </section>
                </main>
            }
            .into_any()
        }
    }
}
