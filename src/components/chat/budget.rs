//! The context budget (issue 7): where the model's context goes. One stacked bar by kind
//! against the model's context window (when known), a table with every number (so nothing
//! depends on telling colours apart), and each request's total per provider. Each message's
//! own bar is in its header ([`MessageBudgetBar`]).

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::MessageBudget;
use pep_view::model::BudgetView as Budget;
use pep_view::panel_tab::PanelTab;

use crate::state::lang::{tr, use_lang};
use pep_view::text::budget::{grouped, kind_label, percent, width};
use pep_view::text::{Lang, Text};

/// A part of the bar narrower than this (hundredths of a percent) is drawn this wide.
const MIN_PART: u64 = 40;

/// The budget of the whole envelope.
#[component]
pub fn ContextBudget(
    /// The budget, made by the engine.
    budget: Arc<Budget>,
) -> impl IntoView {
    let lang = use_lang();
    let used = budget.requests.first().map_or(0, |r| r.size.tokens);
    let whole = budget.context_window.unwrap_or(used.max(1) as u64);
    let window = budget.context_window;
    let summary = move || {
        let lang = lang.get();
        let mut text = format!(
            "{} · ≈ {} tokens",
            lang.t(Text::ContextBudget),
            grouped(used)
        );
        if let Some(window) = window {
            let (share, size) = (percent(used, window), grouped(window as usize));
            text.push_str(&match lang {
                Lang::Zh => format!(" · 占上下文窗口（{size} token）的 {share}"),
                Lang::En => format!(" · {share} of the {size}-token context window"),
            });
        }
        text
    };
    let total = budget
        .kinds
        .iter()
        .map(|k| k.size.tokens)
        .sum::<usize>()
        .max(1) as u64;
    view! {
        <details class="pe-budget" data-testid="budget">
            <summary class="pe-budget__summary">{summary}</summary>
            // Against the window, then the same parts filling the bar, so the split shows
            // even when the request is a sliver of the window.
            <div class="pe-budget__bar" data-testid="budget-bar">{bar_parts(&budget, whole, lang)}</div>
            {window.map(|_| view! {
                <div class="pe-budget__bar pe-budget__bar--split" data-testid="budget-split">
                    {bar_parts(&budget, total, lang)}
                </div>
            })}
            {window.is_none().then(|| view! { <p class="pe-budget__note">{tr(Text::BudgetNoWindow)}</p> })}
            {kind_table(&budget, whole)}
            {request_table(&budget)}
            <p class="pe-budget__note">{tr(Text::BudgetEstimate)}</p>
        </details>
    }
}

/// One part per kind that takes tokens, each `whole`'s share wide, with its numbers on
/// hover (title) and focus (its accessible name).
fn bar_parts(budget: &Budget, whole: u64, lang: RwSignal<Lang>) -> impl IntoView + use<> {
    budget
        .kinds
        .iter()
        .filter(|kind| kind.size.tokens > 0)
        .map(|&kind| {
            let label = kind_label(kind.kind);
            let tokens = kind.size.tokens;
            let name = kind.kind.as_str();
            let describe = move || {
                let lang = lang.get();
                format!(
                    "{}: ≈ {} tokens, {} {}, {}",
                    lang.t(label),
                    grouped(tokens),
                    grouped(kind.size.chars),
                    lang.t(Text::BudgetChars),
                    percent(tokens, whole)
                )
            };
            view! {
                <span
                    class=format!("pe-budget__part pe-budget__part--{name}")
                    style:width=width(tokens, whole, MIN_PART)
                    tabindex="0"
                    role="img"
                    data-budget-kind=name
                    data-tokens=tokens
                    title=describe
                    aria-label=describe
                ></span>
            }
        })
        .collect_view()
}

/// Every kind that reaches the model, with its numbers.
fn kind_table(budget: &Budget, whole: u64) -> impl IntoView + use<> {
    let rows = budget
        .kinds
        .iter()
        .filter(|kind| kind.segments > 0)
        .map(|kind| {
            let name = kind.kind.as_str();
            view! {
                <tr data-budget-kind=name>
                    <th scope="row">
                        <span class=format!("pe-budget__swatch pe-budget__part--{name}") aria-hidden="true"></span>
                        {tr(kind_label(kind.kind))}
                    </th>
                    <td>{grouped(kind.segments)}</td>
                    <td data-chars=kind.size.chars>{grouped(kind.size.chars)}</td>
                    <td data-tokens=kind.size.tokens>{grouped(kind.size.tokens)}</td>
                    <td>{percent(kind.size.tokens, whole)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="pe-budget__table" data-testid="budget-kinds">
            <thead>
                <tr>
                    <th scope="col">{tr(Text::BudgetKind)}</th>
                    <th scope="col">{tr(Text::BudgetSegments)}</th>
                    <th scope="col">{tr(Text::BudgetChars)}</th>
                    <th scope="col">{tr(Text::BudgetTokens)}</th>
                    <th scope="col">{tr(Text::BudgetShare)}</th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

/// Each exported request's model-visible text.
fn request_table(budget: &Budget) -> impl IntoView + use<> {
    let window = budget.context_window;
    let rows = budget
        .requests
        .iter()
        .map(|request| {
            let tab = PanelTab::Export(request.format);
            let share = window
                .map(|w| percent(request.size.tokens, w))
                .unwrap_or_default();
            view! {
                <tr data-budget-request=request.format.as_str()>
                    <th scope="row">{tr(tab.label())}</th>
                    <td data-chars=request.size.chars>{grouped(request.size.chars)}</td>
                    <td data-tokens=request.size.tokens>{grouped(request.size.tokens)}</td>
                    <td>{share}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="pe-budget__table" data-testid="budget-requests">
            <thead>
                <tr>
                    <th scope="col">{tr(Text::BudgetRequest)}</th>
                    <th scope="col">{tr(Text::BudgetChars)}</th>
                    <th scope="col">{tr(Text::BudgetTokens)}</th>
                    <th scope="col">{tr(Text::BudgetOfWindow)}</th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

/// The sizes of the messages, shared by their headers.
#[derive(Debug, Clone, PartialEq)]
pub struct MessageSizes {
    /// By envelope message index.
    by_message: Arc<Vec<Option<MessageBudget>>>,
    /// The largest message's tokens: each bar is drawn against it, so bars compare.
    largest: usize,
}

impl MessageSizes {
    /// The sizes of `budget`'s messages, for `count` envelope messages.
    pub fn new(budget: &Budget, count: usize) -> MessageSizes {
        let mut by_message = vec![None; count];
        for message in &budget.messages {
            if let Some(slot) = by_message.get_mut(message.message) {
                *slot = Some(*message);
            }
        }
        let largest = budget
            .messages
            .iter()
            .map(|m| m.size.tokens)
            .max()
            .unwrap_or(0);
        MessageSizes {
            by_message: Arc::new(by_message),
            largest,
        }
    }
}

/// A message's bar and token count, for its header; nothing for a message with no size (or
/// before a large envelope's budget is made).
#[component]
pub fn MessageBudgetBar(
    /// Position of the message in the envelope.
    index: usize,
) -> impl IntoView {
    let Some(sizes) = use_context::<Memo<Option<MessageSizes>>>() else {
        return ().into_any();
    };
    let lang = use_lang();
    (move || {
        let (message, largest) = sizes.with(|sizes| {
            let sizes = sizes.as_ref()?;
            Some((sizes.by_message.get(index).copied().flatten()?, sizes.largest))
        })?;
        let tokens = message.size.tokens;
        let describe = move || {
            let lang = lang.get();
            format!(
                "≈ {} tokens, {} {}",
                grouped(tokens),
                grouped(message.size.chars),
                lang.t(Text::BudgetChars)
            )
        };
        Some(view! {
            <span
                class="pe-msg-budget"
                data-testid="message-budget"
                data-tokens=tokens
                data-chars=message.size.chars
                tabindex="0"
                role="img"
                title=describe
                aria-label=describe
            >
                <span class="pe-msg-budget__track" aria-hidden="true">
                    <span class="pe-msg-budget__fill" style:width=width(tokens, largest as u64, 200)></span>
                </span>
                <span class="pe-msg-budget__text" aria-hidden="true">{format!("≈ {}", grouped(tokens))}</span>
            </span>
        })
    })
    .into_any()
}
