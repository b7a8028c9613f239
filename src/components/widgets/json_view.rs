//! Pretty JSON with syntax highlighting, built from text nodes (no HTML injection).
//!
//! Up to [`WINDOW_ABOVE`] bytes and [`WINDOW_ABOVE_LINES`] lines the element's text content is
//! exactly the JSON text (tests and find-in-page read it). Larger texts are windowed: only the lines in view are in the DOM,
//! each cut to a readable length, so a multi-megabyte request never becomes one huge text
//! node or a hundred thousand spans; Copy and Download still give the whole text.
//!
//! An export's view is linked to the chat: each line carries the link group of the segments
//! it came from (`data-link`), the hovered segment's lines are marked, and a click on a line
//! jumps to its segment.

use std::sync::Arc;

use leptos::prelude::*;

use crate::collapse::SegmentKey;
use crate::components::linking::{Linking, group_of_event, mark_groups, scroll_into, use_linking};
use crate::components::tr;
use pep_view::links::LineLinks;
use pep_view::render::json_lines::{
    LINE_PX, LineIndex, scroll_height, scroll_top_for_line, window_start,
};
use pep_view::render::json_tokens::tokenize;
use pep_view::text::Text;
use pep_view::windowing::px;

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
    /// Which lines came from which segments: with them (and an envelope view around) the
    /// lines are linked to the chat.
    #[prop(optional)]
    links: Option<Arc<LineLinks>>,
) -> impl IntoView {
    let linked = links.zip(use_linking());
    if json.len() > WINDOW_ABOVE
        || json.bytes().filter(|b| *b == b'\n').count() >= WINDOW_ABOVE_LINES
    {
        return view! { <WindowedJson json=json testid=testid linked=linked /> }.into_any();
    }
    let Some((links, linking)) = linked else {
        let spans = highlighted(&json);
        return view! {
            <pre class="pe-json" tabindex="0" role="group" aria-label=tr(Text::JsonCode)>
                <code data-testid=testid>{spans}</code>
            </pre>
        }
        .into_any();
    };
    // One row per line, so lines can be marked; the text content is the JSON all the same.
    let count = json.split('\n').count();
    let rows = json
        .split('\n')
        .enumerate()
        .map(|(number, line)| {
            let end = (number + 1 < count).then_some("\n");
            view! {
                <span class="pe-json__row" data-link=links.group_of_line(number)>
                    {highlighted(line)}{end}
                </span>
            }
        })
        .collect_view();
    let code = NodeRef::<leptos::html::Code>::new();
    let marker = Arc::clone(&links);
    follow_hover(linking, move |key| {
        let code = code.try_get_untracked().flatten()?;
        mark_groups(&code, key.map_or(&[], |key| marker.groups_of(key)));
        let group = marker.group_of_line(marker.first_line_of(key?)?)?;
        let row = code
            .query_selector(&format!("[data-link=\"{group}\"]"))
            .ok()??;
        let container = code.closest(".pe-tabpanel").ok()??;
        // A hidden tab has no layout to scroll.
        if container.get_attribute("hidden").is_none() {
            scroll_into(&container, &row);
        }
        Some(())
    });
    view! {
        // Focusable, so a keyboard can scroll a long line into view (it does not wrap).
        <pre class="pe-json pe-json--linked" tabindex="0" role="group" aria-label=tr(Text::JsonCode)>
            <code
                data-testid=testid
                node_ref=code
                on:click=move |event| jump_to_segment(&event, linking, &links)
            >
                {rows}
            </code>
        </pre>
    }
    .into_any()
}

/// A text as highlighted spans.
fn highlighted(json: &str) -> impl IntoView + use<> {
    tokenize(json)
        .into_iter()
        .map(|(class, text)| view! { <span class=class.css_class()>{text.to_owned()}</span> })
        .collect_view()
}

/// Calls `apply` with the hovered segment whenever it changes (to mark and reveal its lines).
fn follow_hover(linking: Linking, apply: impl Fn(Option<SegmentKey>) -> Option<()> + 'static) {
    Effect::new(move |_| {
        let _ = apply(linking.hovered.get());
    });
}

/// A click on a linked line brings its (first) segment into view and marks it.
fn jump_to_segment(event: &web_sys::MouseEvent, linking: Linking, links: &LineLinks) {
    let key = group_of_event(event).and_then(|group| links.segments(group).first().copied());
    if let Some(key) = key {
        linking.target.set(Some(key));
    }
}

/// A large text, one highlighted line per row, only the rows in view rendered.
#[component]
fn WindowedJson(
    json: Arc<str>,
    testid: Option<&'static str>,
    linked: Option<(Arc<LineLinks>, Linking)>,
) -> impl IntoView {
    let index = LineIndex::new(&json);
    let lines = index.len();
    let links = linked.as_ref().map(|(links, _)| Arc::clone(links));
    let linking = linked.map(|(_, linking)| linking);
    let store = StoredValue::new((json, index, links));
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
    if let Some(linking) = linking {
        follow_hover(linking, move |key| {
            let element = box_ref.try_get_untracked().flatten()?;
            let groups = store.with_value(|(_, _, links)| {
                let links = links.as_ref()?;
                Some((
                    key.map(|key| links.groups_of(key).to_vec()),
                    key.and_then(|k| links.first_line_of(k)),
                ))
            })?;
            mark_groups(&element, groups.0.as_deref().unwrap_or_default());
            // Rows not rendered yet are marked as they come into view (`line_view`); bring
            // the first one there when it is out of view.
            let line = groups.1?;
            let (first, _, rows) = view_state.get_untracked();
            if element.get_attribute("hidden").is_none() && !(first..first + rows).contains(&line) {
                let viewport = f64::from(element.client_height());
                element.set_scroll_top(scroll_top_for_line(line, viewport, lines) as i32);
            }
            Some(())
        });
    }
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
            on:click=move |event| {
                if let Some(linking) = linking {
                    store.with_value(|(_, _, links)| {
                        if let Some(links) = links {
                            jump_to_segment(&event, linking, links);
                        }
                    });
                }
            }
        >
            <div class="pe-json__sizer" style:height=format!("{}px", px(scroll_height(lines)))>
                <div class="pe-json__window" style:transform=offset>
                    <For
                        each=shown
                        key=|number| *number
                        children=move |number| {
                            let hovered = linking.and_then(|l| l.hovered.get_untracked());
                            store.with_value(|(json, index, links)| {
                                line_view(json, index, number, links.as_deref(), hovered)
                            })
                        }
                    />
                </div>
            </div>
        </div>
    }
    .into_any()
}

/// One line, highlighted, with a marker where it was cut, and its link group.
fn line_view(
    json: &str,
    index: &LineIndex,
    number: usize,
    links: Option<&LineLinks>,
    hovered: Option<SegmentKey>,
) -> impl IntoView + use<> {
    let group = links.and_then(|links| links.group_of_line(number));
    let marked = group
        .zip(links)
        .zip(hovered)
        .is_some_and(|((group, links), key)| links.groups_of(key).contains(&group));
    let (line, cut) = index.line(json, number);
    let spans = tokenize(line)
        .into_iter()
        .map(|(class, text)| view! { <span class=class.css_class()>{text.to_owned()}</span> })
        .collect_view();
    let more =
        (cut > 0).then(|| view! { <span class="pe-json-more">{format!(" … +{cut}")}</span> });
    view! {
        <div class="pe-json__line" class:pe-json__row--linked=marked data-link=group>
            {spans}{more}
        </div>
    }
}
