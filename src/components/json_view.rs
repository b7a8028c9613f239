//! Pretty JSON with syntax highlighting, built from text nodes (no HTML injection).
//!
//! Up to [`WINDOW_ABOVE`] bytes and [`WINDOW_ABOVE_LINES`] lines the element's text content is
//! exactly the JSON text (tests and find-in-page read it). Larger texts are windowed: only the lines in view are in the DOM,
//! each cut to a readable length, so a multi-megabyte request never becomes one huge text
//! node or a hundred thousand spans; Copy and Download still give the whole text.

use std::sync::Arc;

use leptos::prelude::*;

use super::tr;
use crate::i18n::Text;
use crate::json_lines::{LINE_PX, LineIndex, scroll_height, window_start};
use crate::json_tokens::tokenize;
use crate::windowing::px;

/// Above this size the text is windowed.
pub const WINDOW_ABOVE: usize = 256 * 1024;
/// Above this many lines the text is windowed too: a few hundred kilobytes of short lines
/// would otherwise become tens of thousands of highlighted spans.
pub const WINDOW_ABOVE_LINES: usize = 1_000;
/// Lines rendered beyond the visible ones, above and below.
const OVERSCAN_LINES: usize = 12;

/// Highlighted JSON text.
#[component]
pub fn JsonView(
    /// The JSON text to show, as is.
    #[prop(into)]
    json: Arc<str>,
    /// A `data-testid` for the element holding the text, for tests that read it.
    #[prop(optional)]
    testid: Option<&'static str>,
) -> impl IntoView {
    if json.len() > WINDOW_ABOVE
        || json.bytes().filter(|b| *b == b'\n').count() >= WINDOW_ABOVE_LINES
    {
        return view! { <WindowedJson json=json testid=testid /> }.into_any();
    }
    let spans = tokenize(&json)
        .into_iter()
        .map(|(class, text)| view! { <span class=class.css_class()>{text.to_owned()}</span> })
        .collect_view();
    view! {
        <pre class="pe-json">
            <code data-testid=testid>{spans}</code>
        </pre>
    }
    .into_any()
}

/// A large text, one highlighted line per row, only the rows in view rendered.
#[component]
fn WindowedJson(json: Arc<str>, testid: Option<&'static str>) -> impl IntoView {
    let index = LineIndex::new(&json);
    let lines = index.len();
    let store = StoredValue::new((json, index));
    // Until the box is measured it shows a first screenful.
    let view_state = RwSignal::new((0_usize, 0.0_f64, 48_usize));
    let box_ref = NodeRef::<leptos::html::Div>::new();
    let measure = move || {
        let Some(element) = box_ref.try_get_untracked().flatten() else {
            return;
        };
        // No more than the window shows, even if styles failed to give the box its height.
        let viewport = f64::from(element.client_height()).min(crate::viewport::viewport_height());
        let (first, top) = window_start(f64::from(element.scroll_top()), viewport, lines);
        let rows = (viewport / LINE_PX).ceil() as usize + 1;
        let next = (first, top, rows);
        if view_state
            .try_get_untracked()
            .is_some_and(|now| now != next)
        {
            view_state.try_set(next);
        }
    };
    // Measure once laid out, and again whenever the window (so the box) changes size.
    request_animation_frame(measure);
    let resize = window_event_listener(leptos::ev::resize, move |_| measure());
    on_cleanup(move || resize.remove());
    let shown = move || {
        let (first, _, rows) = view_state.get();
        let start = first.saturating_sub(OVERSCAN_LINES);
        start..(first + rows + OVERSCAN_LINES).min(lines)
    };
    let offset = move || {
        let (first, top, _) = view_state.get();
        let before = first - first.saturating_sub(OVERSCAN_LINES);
        format!("translateY({}px)", px(top - before as f64 * LINE_PX))
    };
    view! {
        <p class="pe-json__note">{tr(Text::LargeJson)}</p>
        <div
            class="pe-json pe-json--windowed"
            tabindex="0"
            role="region"
            aria-label=tr(Text::LargeJson)
            data-testid=testid
            data-lines=lines
            node_ref=box_ref
            on:scroll=move |_| measure()
        >
            <div class="pe-json__sizer" style:height=format!("{}px", px(scroll_height(lines)))>
                <div class="pe-json__window" style:transform=offset>
                    <For
                        each=shown
                        key=|number| *number
                        children=move |number| {
                            store.with_value(|(json, index)| line_view(json, index, number))
                        }
                    />
                </div>
            </div>
        </div>
    }
    .into_any()
}

/// One line, highlighted, with a marker where it was cut.
fn line_view(json: &str, index: &LineIndex, number: usize) -> impl IntoView + use<> {
    let (line, cut) = index.line(json, number);
    let spans = tokenize(line)
        .into_iter()
        .map(|(class, text)| view! { <span class=class.css_class()>{text.to_owned()}</span> })
        .collect_view();
    let more =
        (cut > 0).then(|| view! { <span class="pe-json-more">{format!(" … +{cut}")}</span> });
    view! { <div class="pe-json__line">{spans}{more}</div> }
}
