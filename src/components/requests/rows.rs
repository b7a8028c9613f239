//! The request list's listbox: one row per request, drawn only where the viewport is (rows
//! have one height, `pep_view::request_list`), moved through with the keys of the WAI-ARIA
//! listbox pattern (the active row follows focus; Enter, Space or a click chooses it).

use std::sync::Arc;

use leptos::html::Div;
use leptos::prelude::*;
use pep_view::model::RequestRow;
use pep_view::request_list::{ROW_HEIGHT, VISIBLE_ROWS, after_key, scroll_to, window};
use pep_view::text::Lang;
use pep_view::text::requests::{Label, cache_cell, format_cell, tokens_cell};
use pep_view::time::format_timestamp;

use crate::platform;
use crate::state::lang::use_lang;

/// The element id of row `index` (`aria-activedescendant`).
fn row_id(index: usize) -> String {
    format!("pe-request-{index}")
}

/// The listbox of `rows`; `chosen` is the row shown, `on_pick` chooses one.
#[component]
pub fn Rows(
    /// The rows, in order.
    rows: Vec<RequestRow>,
    /// The chosen row's index.
    chosen: RwSignal<usize>,
    /// Chooses the row at an index.
    on_pick: Callback<usize>,
) -> impl IntoView {
    let lang = use_lang();
    let rows: Arc<[RequestRow]> = Arc::from(rows);
    let count = rows.len();
    let active = RwSignal::new(chosen.get_untracked());
    let top = RwSignal::new(0u32);
    let height = (count.min(VISIBLE_ROWS) as u32) * ROW_HEIGHT;
    let list = NodeRef::<Div>::new();
    // The last row is chosen first: bring it into view once the list is there.
    Effect::new(move |_| {
        if list.get().is_some() {
            reveal(list, active.get_untracked(), height, top);
        }
    });
    let keydown = move |event: leptos::ev::KeyboardEvent| {
        let key = event.key();
        if key == "Enter" || key == " " {
            event.prevent_default();
            on_pick.run(active.get_untracked());
            return;
        }
        let Some(next) = after_key(active.get_untracked(), &key, count) else {
            return;
        };
        event.prevent_default();
        active.set(next);
        reveal(list, next, height, top);
    };
    let scrolled = move |_| {
        if let Some(element) = list.get_untracked() {
            top.set(platform::viewport::scroll_top(&element).max(0.0) as u32);
        }
    };
    let shown = move || {
        let range = window(top.get(), height, count);
        let rows = Arc::clone(&rows);
        range
            .map(|index| row(&rows[index], index, count, chosen, active, on_pick, lang))
            .collect_view()
    };
    view! {
        <div class="pe-requests__head" aria-hidden="true">
            {head(lang)}
        </div>
        <div
            class="pe-requests__list"
            role="listbox"
            tabindex="0"
            data-testid="request-list"
            aria-label=move || Label::List.t(lang.get())
            aria-activedescendant=move || row_id(active.get())
            style:height=format!("{height}px")
            node_ref=list
            on:keydown=keydown
            on:scroll=scrolled
        >
            <div class="pe-requests__rows" style:height=format!("{}px", count as u32 * ROW_HEIGHT)>
                {shown}
            </div>
        </div>
    }
}

/// Scrolls the list so row `index` is in view.
fn reveal(list: NodeRef<Div>, index: usize, height: u32, top: RwSignal<u32>) {
    let Some(element) = list.get_untracked() else {
        return;
    };
    let now = platform::viewport::scroll_top(&element).max(0.0) as u32;
    if let Some(to) = scroll_to(index, now, height) {
        platform::viewport::set_scroll_top(&element, f64::from(to));
        top.set(to);
    }
}

/// The column headings.
fn head(lang: RwSignal<Lang>) -> impl IntoView {
    let columns = [
        Label::Number,
        Label::Format,
        Label::Model,
        Label::Messages,
        Label::Tokens,
        Label::Cache,
        Label::Time,
    ];
    columns
        .map(|label| view! { <span>{move || label.t(lang.get())}</span> })
        .collect_view()
}

/// One row: its cells, and a name that says them all (a listbox option reads as one).
fn row(
    row: &RequestRow,
    index: usize,
    count: usize,
    chosen: RwSignal<usize>,
    active: RwSignal<usize>,
    on_pick: Callback<usize>,
    lang: RwSignal<Lang>,
) -> impl IntoView + use<> {
    let row = row.clone();
    let number = row.number;
    let time = row
        .time_ms
        .map(|ms| format_timestamp(ms, platform::tasks::local_offset_minutes(ms)));
    let model = row.model.clone();
    let cells = move || {
        let lang = lang.get();
        let none = Label::None.t(lang).to_owned();
        [
            row.number.to_string(),
            format_cell(&row).to_owned(),
            model.clone().unwrap_or_else(|| none.clone()),
            row.messages.to_string(),
            tokens_cell(&row),
            cache_cell(lang, row.cache.as_ref()),
            time.clone().unwrap_or(none),
        ]
    };
    let label = {
        let cells = cells.clone();
        move || cells().join(" · ")
    };
    view! {
        <div
            class="pe-requests__row"
            class:pe-requests__row--active=move || active.get() == index
            role="option"
            id=row_id(index)
            aria-selected=move || (chosen.get() == index).to_string()
            aria-setsize=count
            aria-posinset=index + 1
            aria-label=label
            data-number=number
            style:top=format!("{}px", index as u32 * ROW_HEIGHT)
            on:click=move |_| {
                active.set(index);
                on_pick.run(index);
            }
        >
            // A title on each cell: a narrow column cuts its text short.
            {move || cells().map(|cell| { let title = cell.clone(); view! { <span title=title>{cell}</span> } }).collect_view()}
        </div>
    }
}
