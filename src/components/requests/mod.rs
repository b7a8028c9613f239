//! The request list of a file of many requests (DECISIONS §13): a part of the lazy module
//! (`src/lazy_main.rs` mounts [`RequestList`] where the page asks), so the page's first
//! render carries none of it. The module's own engine reads the file once; a row chosen
//! hands its request's envelope to the page, and "Compare with previous" hands two
//! neighbours to the compare view.
//!
//! - [`RequestList`]: the heading, Compare with previous, the skipped requests, the list;
//! - `rows`: the windowed listbox itself (keys, scrolling, one row per request).

mod rows;

use leptos::prelude::*;
use pep_view::model::{ImportSummary, Request, RequestListView, Response};
use pep_view::text::Text;
use pep_view::text::requests::{Label, heading, request_name};
use pep_view::wire::decode;

use crate::components::widgets::IssueList;
use crate::state::engine::use_engine;
use crate::state::lang::use_lang;
use rows::Rows;

/// Two neighbours to compare: each one's name and envelope text.
pub type Pair = [(String, String); 2];

/// The numbers of a comparison asked for, and each text once it is there.
type Waiting = Option<[(usize, Option<String>); 2]>;

/// The list of the requests in `source`; the last is chosen first.
#[component]
pub fn RequestList(
    /// The file's text.
    source: String,
    /// Gets the chosen request's envelope text, and what its import said.
    on_choose: Callback<(String, ImportSummary)>,
    /// Gets the chosen request and the one before it, to compare.
    on_compare: Callback<Pair>,
) -> impl IntoView {
    let engine = use_engine();
    let lang = use_lang();
    let list = RwSignal::new(None::<RequestListView>);
    let chosen = RwSignal::new(0usize);
    // What a comparison waits for: the two numbers, and each text once it is there.
    let pending: StoredValue<Waiting> = StoredValue::new(None);
    let doc = engine.register(move |response| match response {
        Response::Listed { doc, list: bytes } => {
            // Made by the same build's engine: bytes that do not decode are a bug, said so.
            let made = match decode::<RequestListView>(&bytes) {
                Ok(made) => made,
                Err(error) => return crate::platform::crash::show(&error.to_string()),
            };
            let last = made.rows.len().checked_sub(1);
            // The rows read the chosen one when they mount: chosen first, then the list.
            chosen.try_set(last.unwrap_or(0));
            list.try_set(Some(made));
            if let Some(last) = last {
                choose(doc, last, list, chosen);
            }
        }
        Response::Picked {
            show: true,
            text,
            summary,
            ..
        } => on_choose.run((text, summary)),
        Response::Picked { number, text, .. } => {
            let ready = pending
                .try_update_value(|slot| fill(slot, number, text))
                .flatten();
            if let Some([(a, text_a), (b, text_b)]) = ready {
                let name = |n: usize| request_name(lang.get_untracked(), n);
                on_compare.run([(name(a), text_a), (name(b), text_b)]);
            }
        }
        _ => {}
    });
    engine.send(Request::List { doc, source });
    on_cleanup(move || engine.forget(doc));
    let compare = move |()| {
        let Some(numbers) =
            list.with_untracked(|list| neighbours(list.as_ref()?, chosen.get_untracked()))
        else {
            return;
        };
        pending.set_value(Some(numbers.map(|n| (n, None))));
        for number in numbers {
            engine.send(Request::Pick {
                doc,
                number,
                show: false,
            });
        }
    };
    let on_pick = Callback::new(move |index: usize| choose(doc, index, list, chosen));
    let on_compare_click = Callback::new(compare);
    move || shown(list.get(), chosen, on_pick, on_compare_click)
}

/// The list as far as it is made: being read, refused (why), or its rows.
fn shown(
    list: Option<RequestListView>,
    chosen: RwSignal<usize>,
    on_pick: Callback<usize>,
    compare: Callback<()>,
) -> AnyView {
    let lang = use_lang();
    let Some(made) = list else {
        return view! {
            <p class="pe-panel__ok" role="status" data-testid="request-list-reading">
                {move || Label::Reading.t(lang.get())}
            </p>
        }
        .into_any();
    };
    if made.rows.is_empty() {
        return view! {
            <IssueList issues=made.issues title=Text::CannotRead testid="request-list-errors" open=true />
        }
        .into_any();
    }
    let skipped = made.issues.total();
    let title = move || heading(lang.get(), made.count, skipped);
    let first = move || chosen.get() == 0;
    view! {
        <section class="pe-requests" aria-labelledby="pe-requests-title" data-testid="requests">
            <div class="pe-requests__bar">
                <h2 class="pe-requests__title" id="pe-requests-title">{title}</h2>
                <button
                    type="button"
                    class="pe-button"
                    data-testid="compare-previous"
                    disabled=first
                    on:click=move |_| compare.run(())
                >
                    {move || Label::CompareWithPrevious.t(lang.get())}
                </button>
            </div>
            <p class="pe-requests__hint">{move || Label::Hint.t(lang.get())}</p>
            <IssueList issues=made.issues title=Text::ImportWarnings testid="request-list-skipped" />
            <Rows rows=made.rows chosen=chosen on_pick=on_pick />
        </section>
    }
    .into_any()
}

/// Chooses row `index`: marks it and asks for its envelope.
fn choose(
    doc: u32,
    index: usize,
    list: RwSignal<Option<RequestListView>>,
    chosen: RwSignal<usize>,
) {
    let number = list.with_untracked(|list| Some(list.as_ref()?.rows.get(index)?.number));
    let Some(number) = number else { return };
    chosen.try_set(index);
    use_engine().send(Request::Pick {
        doc,
        number,
        show: true,
    });
}

/// The numbers of the row before `index` and of `index`, when there is one before.
fn neighbours(list: &RequestListView, index: usize) -> Option<[usize; 2]> {
    let before = list.rows.get(index.checked_sub(1)?)?.number;
    Some([before, list.rows.get(index)?.number])
}

/// Files the text of request `number`; both, once both are there.
fn fill(
    slot: &mut Option<[(usize, Option<String>); 2]>,
    number: usize,
    text: String,
) -> Option<[(usize, String); 2]> {
    let pair = slot.as_mut()?;
    if let Some(entry) = pair.iter_mut().find(|(n, t)| *n == number && t.is_none()) {
        entry.1 = Some(text);
    }
    match pair {
        [(a, Some(x)), (b, Some(y))] => {
            let done = [(*a, std::mem::take(x)), (*b, std::mem::take(y))];
            *slot = None;
            Some(done)
        }
        _ => None,
    }
}
