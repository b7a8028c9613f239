//! The compare view's messages, aligned (DECISIONS §13): one row per message of A, of B or of
//! both, marked same, changed, added or removed, with its differing segments and a changed
//! text's word diff; runs of same messages are folded into one row that opens. At most
//! [`PAGE`] rows are built at a time (2 × 1,000 messages that all differ stay a small DOM).

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::model::compare::{CompareView, DiffRow, DiffSegment, Op, Status};
use pep_view::text::Lang;
use pep_view::text::compare::{self, Label};

use super::say;
use crate::state::lang::use_lang;

/// Rows built at once; "Show more" builds the next ones.
const PAGE: usize = 200;

/// What a row of the list is: one message, or a run of same ones (folded unless opened).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Item {
    Row(usize),
    Same { first: usize, count: usize },
}

/// The aligned messages of a comparison.
#[component]
pub fn DiffRows(
    /// The comparison.
    compared: Arc<CompareView>,
) -> impl IntoView {
    let items = StoredValue::new(items(&compared.rows));
    let opened = RwSignal::new(Vec::<usize>::new());
    let limit = RwSignal::new(PAGE);
    let lang = use_lang();
    let rows = Arc::clone(&compared);
    let list = move || {
        let lang = lang.get();
        let open = opened.get();
        let limit = limit.get();
        let mut built = Vec::new();
        items.with_value(|items| {
            'items: for item in items {
                match *item {
                    Item::Same { first, count } if !open.contains(&first) => {
                        built.push(folded(lang, first, count, opened).into_any());
                    }
                    Item::Same { first, count } => {
                        for index in first..first + count {
                            if built.len() >= limit {
                                break 'items;
                            }
                            built.push(row(lang, &rows.rows[index]).into_any());
                        }
                    }
                    Item::Row(index) => built.push(row(lang, &rows.rows[index]).into_any()),
                }
                if built.len() >= limit {
                    break;
                }
            }
        });
        built
    };
    // Rows, not items: an opened run is as many rows as it has messages.
    let more = move || {
        let open = opened.get();
        let total = items.with_value(|items| shown_rows(items, &open));
        (limit.get() < total).then(|| {
            view! {
                <button type="button" class="pe-button" data-testid="diff-more" on:click=move |_| limit.update(|n| *n += PAGE)>
                    {say(Label::ShowMore)}
                </button>
            }
        })
    };
    view! {
        <section class="pe-compare__changes" aria-label=say(Label::Changes)>
            <h3>{say(Label::Changes)}</h3>
            <ol class="pe-diff" data-testid="diff-rows">{list}</ol>
            {more}
        </section>
    }
}

/// The rows with runs of same messages folded.
fn items(rows: &[DiffRow]) -> Vec<Item> {
    let mut out = Vec::new();
    let mut run: Option<(usize, usize)> = None;
    for (index, row) in rows.iter().enumerate() {
        if row.status == Status::Same {
            run = Some(run.map_or((index, 1), |(first, count)| (first, count + 1)));
            continue;
        }
        if let Some((first, count)) = run.take() {
            out.push(Item::Same { first, count });
        }
        out.push(Item::Row(index));
    }
    if let Some((first, count)) = run {
        out.push(Item::Same { first, count });
    }
    out
}

/// How many rows `items` make with the runs in `open` opened.
fn shown_rows(items: &[Item], open: &[usize]) -> usize {
    items
        .iter()
        .map(|item| match *item {
            Item::Same { first, count } if open.contains(&first) => count,
            Item::Same { .. } | Item::Row(_) => 1,
        })
        .sum()
}

/// A folded run of same messages: a button that opens it (the run's rows replace it).
fn folded(lang: Lang, first: usize, count: usize, opened: RwSignal<Vec<usize>>) -> impl IntoView {
    let label = compare::same_run(lang, count);
    view! {
        <li class="pe-diff__row pe-diff__row--same pe-diff__fold" data-status="same">
            <button type="button" class="pe-button" on:click=move |_| opened.update(|o| o.push(first))>
                {label}
            </button>
        </li>
    }
}

/// One message of the alignment.
fn row(lang: Lang, row: &DiffRow) -> impl IntoView + use<> {
    let status = row.status;
    let place = |index: Option<usize>, side: &str| {
        index.map_or("—".to_owned(), |i| format!("{side} #{}", i + 1))
    };
    let role = row.role.map_or("", |role| role.as_str());
    let head = format!(
        "{} ↔ {} · {role} · {}",
        place(row.a, "A"),
        place(row.b, "B"),
        compare::status(lang, status)
    );
    let segments = row.segments.iter().map(|s| segment(lang, s)).collect_view();
    view! {
        <li class=format!("pe-diff__row pe-diff__row--{}", status.as_str()) data-status=status.as_str()>
            <p class="pe-diff__head">{head}</p>
            <ul class="pe-diff__segments">{segments}</ul>
        </li>
    }
}

/// A segment that differs: its kind, status and places, and a changed text's word diff.
fn segment(lang: Lang, segment: &DiffSegment) -> impl IntoView + use<> {
    let kind = segment.kind.map_or("invalid", |kind| kind.as_str());
    let at = segment
        .a
        .or(segment.b)
        .map_or(String::new(), |at| format!("segments[{}]", at.segment));
    let head = format!("{at} · {kind} · {}", compare::status(lang, segment.status));
    let words = (!segment.words.is_empty()).then(|| {
        let pieces = segment
            .words
            .iter()
            .map(|(op, text)| match op {
                Op::Same => view! { <span>{text.clone()}</span> }.into_any(),
                Op::Added => view! { <ins class="pe-diff__added">{text.clone()}</ins> }.into_any(),
                Op::Removed => {
                    view! { <del class="pe-diff__removed">{text.clone()}</del> }.into_any()
                }
            })
            .collect_view();
        view! { <p class="pe-diff__words" data-testid="diff-words">{pieces}</p> }
    });
    view! {
        <li class="pe-diff__segment" data-status=segment.status.as_str() data-kind=kind>
            <span class="pe-diff__segment-head">{head}</span>
            {words}
        </li>
    }
}
