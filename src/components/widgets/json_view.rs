//! Pretty JSON with syntax highlighting, built from text nodes (no HTML injection). Long
//! lines scroll sideways, or, in the panel, wrap when the reader chose so (its wrap switch:
//! `.pe-panel--wrap`).
//!
//! Up to [`WINDOW_ABOVE`] bytes and [`WINDOW_ABOVE_LINES`] lines the element's text content is
//! exactly the JSON text (tests and find-in-page read it). Larger texts are windowed
//! ([`super::windowed_json`]). An export's view is linked to the chat: each line carries the
//! link group of the segments it came from (`data-link`), the hovered segment's lines are
//! marked, and a click on a line jumps to its segment.

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::links::LineLinks;
use pep_view::render::json_tokens::tokenize;
use pep_view::text::Text;

use super::windowed_json::WindowedJson;
use crate::platform;
use crate::state::lang::tr;
use crate::state::linking::{Linking, use_linking};

/// Above this size the text is windowed.
pub const WINDOW_ABOVE: usize = 256 * 1024;
/// Above this many lines the text is windowed too: a few hundred kilobytes of short lines
/// would otherwise become tens of thousands of highlighted spans.
pub const WINDOW_ABOVE_LINES: usize = 1_000;

/// A text and, for an export, where its lines start and which segments they came from.
#[derive(Clone)]
pub struct JsonText {
    /// The JSON text.
    pub text: Arc<str>,
    /// Where each line starts (empty: found when needed).
    pub line_starts: Arc<[u32]>,
    /// The links to the chat, for an export.
    pub links: Option<Arc<LineLinks>>,
    /// Lines to mark and bring into view, first and last: what a step added (DECISIONS §13).
    pub added: Option<(usize, usize)>,
}

impl JsonText {
    /// A text with no links (a schema, a raw node, the raw tab).
    pub fn plain(text: impl Into<Arc<str>>) -> JsonText {
        JsonText {
            text: text.into(),
            line_starts: Arc::from([]),
            links: None,
            added: None,
        }
    }

    fn line_count(&self) -> usize {
        if self.line_starts.is_empty() {
            self.text.bytes().filter(|b| *b == b'\n').count() + 1
        } else {
            self.line_starts.len()
        }
    }
}

/// Highlighted JSON text.
#[component]
pub fn JsonView(
    /// The JSON text to show, as is.
    json: JsonText,
    /// A `data-testid` for the element holding the text, for tests that read it.
    #[prop(optional)]
    testid: Option<&'static str>,
    /// Whether long lines wrap (the panel's wrap switch; its CSS wraps them, a windowed text
    /// also lays its lines out for it). None: they never do.
    #[prop(optional)]
    wrap: Option<RwSignal<bool>>,
) -> impl IntoView {
    let linked = json.links.clone().zip(use_linking());
    if json.text.len() > WINDOW_ABOVE || json.line_count() > WINDOW_ABOVE_LINES {
        let wrap = wrap.unwrap_or_else(|| RwSignal::new(false));
        return view! { <WindowedJson json=json testid=testid linked=linked wrap=wrap /> }
            .into_any();
    }
    if linked.is_none() && json.added.is_none() {
        let spans = highlighted(&json.text);
        return view! {
            <pre class="pe-json" tabindex="0" role="group" aria-label=tr(Text::JsonCode)>
                <code data-testid=testid>{spans}</code>
            </pre>
        }
        .into_any();
    }
    rows_view(json, testid, linked).into_any()
}

/// One row per line, so lines can be marked (the hovered segment's, what a step added, where
/// a cache breaks); the text content is the JSON all the same.
fn rows_view(
    json: JsonText,
    testid: Option<&'static str>,
    linked: Option<(Arc<LineLinks>, Linking)>,
) -> impl IntoView {
    let count = json.line_count();
    let added = json.added;
    let is_added = move |number: usize| added.is_some_and(|(a, b)| (a..=b).contains(&number));
    let links = linked.as_ref().map(|(links, _)| Arc::clone(links));
    let rows = json
        .text
        .split('\n')
        .enumerate()
        .map(|(number, line)| {
            let end = (number + 1 < count).then_some("\n");
            let group = links.as_ref().and_then(|links| links.group_of_line(number));
            view! {
                <span class="pe-json__row" class:pe-json__row--added=is_added(number) data-link=group>
                    {highlighted(line)}{end}
                </span>
            }
        })
        .collect_view();
    let code = NodeRef::<leptos::html::Code>::new();
    if added.is_some() {
        // Once laid out, the first marked line comes into view (in its box only).
        request_animation_frame(move || {
            if let Some(code) = code.try_get_untracked().flatten() {
                platform::dom::reveal_selector(&code, ".pe-json__row--added");
            }
        });
    }
    if let Some((marker, linking)) = linked.clone() {
        follow_hover(linking, move |key| {
            let code = code.try_get_untracked().flatten()?;
            platform::dom::mark_groups(&code, key.map_or(&[], |key| marker.groups_of(key)));
            let group = marker.group_of_line(marker.first_line_of(key?)?)?;
            platform::dom::reveal_group(&code, group)
        });
    }
    let is_linked = linked.is_some();
    let click = move |event: leptos::ev::MouseEvent| {
        if let Some((links, linking)) = &linked {
            jump_to_segment(&event, *linking, links);
        }
    };
    view! {
        // Focusable, so a keyboard can scroll a long line into view (unless lines wrap).
        <pre class="pe-json" class:pe-json--linked=is_linked tabindex="0" role="group" aria-label=tr(Text::JsonCode)>
            <code data-testid=testid node_ref=code on:click=click>
                {rows}
            </code>
        </pre>
    }
}

/// A text as highlighted spans.
pub fn highlighted(json: &str) -> impl IntoView + use<> {
    tokenize(json)
        .into_iter()
        .map(|(class, text)| view! { <span class=class.css_class()>{text.to_owned()}</span> })
        .collect_view()
}

/// Calls `apply` with the hovered segment whenever it changes (to mark and reveal its lines).
pub fn follow_hover(
    linking: Linking,
    apply: impl Fn(Option<pep_view::SegmentRef>) -> Option<()> + 'static,
) {
    Effect::new(move |_| {
        let _ = apply(linking.hovered.get());
    });
}

/// A click on a linked line brings its (first) segment into view and marks it.
pub fn jump_to_segment(event: &leptos::ev::MouseEvent, linking: Linking, links: &LineLinks) {
    let key = platform::dom::group_of_event(event)
        .and_then(|group| links.segments(group).first().copied());
    if let Some(key) = key {
        linking.target.set(Some(key));
    }
}
