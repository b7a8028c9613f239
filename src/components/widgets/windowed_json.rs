//! A large JSON text, one highlighted line per row, only the rows in view rendered: a
//! multi-megabyte request never becomes one huge text node or a hundred thousand spans; each
//! line is cut to a readable length. Copy and Download still give the whole text.

use std::sync::Arc;

use leptos::prelude::*;
use pep_core::SegmentRef;
use pep_view::links::LineLinks;
use pep_view::render::json_lines::{
    LINE_PX, LineIndex, scroll_height, scroll_top_for_line, window_start,
};
use pep_view::render::json_tokens::tokenize;
use pep_view::text::Text;
use pep_view::windowing::px;

use super::json_view::{JsonText, follow_hover, jump_to_segment};
use crate::platform;
use crate::state::lang::tr;
use crate::state::linking::Linking;

/// Lines rendered beyond the visible ones, above and below.
const OVERSCAN_LINES: usize = 12;

/// The text and what is known about its lines, kept out of the reactive graph.
type Stored = StoredValue<(Arc<str>, LineIndex, Option<Arc<LineLinks>>)>;

/// The window over the lines: which are shown, where, and the box they scroll in (Copy, for
/// the handlers).
#[derive(Clone, Copy)]
struct Window {
    store: Stored,
    lines: usize,
    /// The first visible line, its offset in px, and how many lines fit.
    state: RwSignal<(usize, f64, usize)>,
    element: NodeRef<leptos::html::Div>,
}

impl Window {
    /// Reads the box's scroll position and size, and moves the window there.
    fn measure(self) {
        let Some(element) = self.element.try_get_untracked().flatten() else {
            return;
        };
        // No more than the window shows, even if styles failed to give the box its height.
        let height = platform::viewport::client_height(&element);
        let viewport = height.min(platform::viewport::viewport_height());
        let top = platform::viewport::scroll_top(&element);
        let (first, top) = window_start(top, viewport, self.lines);
        let rows = (viewport / LINE_PX).ceil() as usize + 1;
        let next = (first, top, rows);
        if self
            .state
            .try_get_untracked()
            .is_some_and(|now| now != next)
        {
            self.state.try_set(next);
        }
    }

    /// Marks the lines of the hovered segment, bringing the first into view when it is not.
    fn follow(self, linking: Linking) {
        follow_hover(linking, move |key| {
            let element = self.element.try_get_untracked().flatten()?;
            let (groups, line) = self.store.with_value(|(_, _, links)| {
                let links = links.as_ref()?;
                Some((
                    key.map(|key| links.groups_of(key).to_vec()),
                    key.and_then(|k| links.first_line_of(k)),
                ))
            })?;
            platform::dom::mark_groups(&element, groups.as_deref().unwrap_or_default());
            // Rows not rendered yet are marked as they come into view (`line_view`).
            let line = line?;
            let (first, _, rows) = self.state.get_untracked();
            if !platform::dom::is_hidden(&element) && !(first..first + rows).contains(&line) {
                let viewport = platform::viewport::client_height(&element);
                let top = scroll_top_for_line(line, viewport, self.lines);
                platform::viewport::set_scroll_top(&element, top);
            }
            Some(())
        });
    }

    /// Scrolls the box so that `line` is in view, unless the box is hidden.
    fn reveal(self, line: usize) {
        let Some(element) = self.element.try_get_untracked().flatten() else {
            return;
        };
        if !platform::dom::is_hidden(&element) {
            let viewport = platform::viewport::client_height(&element);
            let top = scroll_top_for_line(line, viewport, self.lines);
            platform::viewport::set_scroll_top(&element, top);
        }
    }

    /// The lines rendered: the visible ones and some beyond.
    fn shown(self) -> std::ops::Range<usize> {
        let (first, _, rows) = self.state.get();
        let start = first.saturating_sub(OVERSCAN_LINES);
        start..(first + rows + OVERSCAN_LINES).min(self.lines)
    }

    /// Where the rendered lines sit in the sizer.
    fn offset(self) -> String {
        let (first, top, _) = self.state.get();
        let before = first - first.saturating_sub(OVERSCAN_LINES);
        format!("translateY({}px)", px(top - before as f64 * LINE_PX))
    }
}

/// A large text, windowed.
#[component]
pub fn WindowedJson(
    /// The text, its line starts and links.
    json: JsonText,
    /// A `data-testid` for the scrolling box.
    testid: Option<&'static str>,
    /// Its links to the chat, with the linking signals.
    linked: Option<(Arc<LineLinks>, Linking)>,
) -> impl IntoView {
    let index = if json.line_starts.is_empty() {
        LineIndex::new(&json.text)
    } else {
        LineIndex::from_starts(json.text.len(), &json.line_starts)
    };
    let lines = index.len();
    let added = json.added;
    let links = linked.as_ref().map(|(links, _)| Arc::clone(links));
    let linking = linked.map(|(_, linking)| linking);
    // Until the box is measured it shows a first screenful.
    let window = Window {
        store: StoredValue::new((json.text, index, links)),
        lines,
        state: RwSignal::new((0, 0.0, 48)),
        element: NodeRef::new(),
    };
    // Measure once laid out, and again whenever the window (so the box) changes size; what
    // a step added comes into view first.
    request_animation_frame(move || {
        if let Some((first, _)) = added {
            window.reveal(first);
        }
        window.measure();
    });
    let resize = window_event_listener(leptos::ev::resize, move |_| window.measure());
    on_cleanup(move || resize.remove());
    if let Some(linking) = linking {
        window.follow(linking);
    }
    let click = move |event: leptos::ev::MouseEvent| {
        let Some(linking) = linking else { return };
        window.store.with_value(|(_, _, links)| {
            if let Some(links) = links {
                jump_to_segment(&event, linking, links);
            }
        });
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
            node_ref=window.element
            on:scroll=move |_| window.measure()
            on:click=click
        >
            <div class="pe-json__sizer" style:height=format!("{}px", px(scroll_height(lines)))>
                <div class="pe-json__window" style:transform=move || window.offset()>
                    <For
                        each=move || window.shown()
                        key=|number| *number
                        children=move |number| {
                            let hovered = linking.and_then(|l| l.hovered.get_untracked());
                            let marks = Marks { hovered, added };
                            window.store.with_value(|(json, index, links)| {
                                line_view(json, index, number, links.as_deref(), marks)
                            })
                        }
                    />
                </div>
            </div>
        </div>
    }
}

/// What marks a line: the hovered segment's lines, and what a step added.
#[derive(Clone, Copy)]
struct Marks {
    hovered: Option<SegmentRef>,
    added: Option<(usize, usize)>,
}

/// One line, highlighted, with a marker where it was cut, and its link group.
fn line_view(
    json: &str,
    index: &LineIndex,
    number: usize,
    links: Option<&LineLinks>,
    marks: Marks,
) -> impl IntoView + use<> {
    let group = links.and_then(|links| links.group_of_line(number));
    let marked = group
        .zip(links)
        .zip(marks.hovered)
        .is_some_and(|((group, links), key)| links.groups_of(key).contains(&group));
    let added = marks
        .added
        .is_some_and(|(first, last)| (first..=last).contains(&number));
    let (line, cut) = index.line(json, number);
    let spans = tokenize(line)
        .into_iter()
        .map(|(class, text)| view! { <span class=class.css_class()>{text.to_owned()}</span> })
        .collect_view();
    let more =
        (cut > 0).then(|| view! { <span class="pe-json-more">{format!(" … +{cut}")}</span> });
    view! {
        <div
            class="pe-json__line"
            class:pe-json__row--linked=marked
            class:pe-json__row--added=added
            data-link=group
        >
            {spans}{more}
        </div>
    }
}
