//! A large JSON text, one highlighted line per row (or per rows, while lines wrap), only the
//! lines in view rendered: a multi-megabyte request never becomes one huge text node or a
//! hundred thousand spans; each line is cut to a readable length. Copy and Download still give
//! the whole text. Which lines, and where: `window`.

mod window;

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::SegmentRef;
use pep_view::links::LineLinks;
use pep_view::render::json_lines::LineIndex;
use pep_view::render::json_tokens::tokenize;
use pep_view::text::Text;
use pep_view::windowing::px;

use super::json_view::{JsonText, follow_hover, jump_to_segment};
use crate::platform;
use crate::platform::resize_watch::ResizeWatch;
use crate::state::lang::tr;
use crate::state::linking::Linking;
use window::{Lines, PROBE_CHARS, Window};

/// Marks the lines of the hovered segment, bringing the first into view when it is not.
fn follow(window: Window, linking: Linking) {
    follow_hover(linking, move |key| {
        let element = window.element.try_get_untracked().flatten()?;
        let (groups, line) = window.store.with_value(|text| {
            let links = text.links.as_ref()?;
            Some((
                key.map(|key| links.groups_of(key).to_vec()),
                key.and_then(|k| links.first_line_of(k)),
            ))
        })?;
        platform::dom::mark_groups(&element, groups.as_deref().unwrap_or_default());
        // Rows not rendered yet are marked as they come into view (`line_view`).
        let line = line?;
        if !window.in_view(line) {
            window.reveal(line);
        }
        Some(())
    });
}

/// While the lines wrap, the rendered lines' heights correct the estimate: each is watched
/// once rendered (and when its size changes: the width, the font). When the switch turns, the
/// window is laid out again (one row a line, or wrapped), with the line that was at the top
/// kept in view.
fn follow_wrapping(window: Window) {
    let watch = ResizeWatch::new("data-line", move |heights| window.measured(heights));
    let watch = StoredValue::new_local(watch);
    Effect::new(move |was: Option<bool>| {
        window.shown.track();
        let wrap = window.wrap.get();
        let turned = was.is_some_and(|was| was != wrap);
        let line = window.shown.with_untracked(|shown| shown.visible.start);
        if turned && !wrap {
            window.forget_wrapping();
        }
        request_animation_frame(move || {
            if turned {
                window.measure();
                // A frame later: the scroll area has its new height by then, so the scroll
                // position is not cut to the old one.
                request_animation_frame(move || window.reveal(line));
            }
            let Some(rows) = window.rows.try_get_untracked().flatten() else {
                return;
            };
            watch.try_with_value(|watch| match watch {
                Some(watch) if wrap => watch.watch_children(&rows),
                Some(watch) => watch.unwatch(),
                None => {}
            });
        });
        wrap
    });
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
    /// Whether its lines wrap.
    wrap: RwSignal<bool>,
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
    let window = Window::new(Lines::new(json.text, index, links), wrap);
    // Measure once laid out, and again whenever the window (so the box) changes size; what
    // a step added comes into view a frame later, once the scroll area has its height (a
    // wrapped one is known only once measured).
    request_animation_frame(move || {
        window.measure();
        if let Some((first, _)) = added {
            request_animation_frame(move || window.reveal(first));
        }
    });
    let resize = window_event_listener(leptos::ev::resize, move |_| window.measure());
    on_cleanup(move || resize.remove());
    if let Some(linking) = linking {
        follow(window, linking);
    }
    follow_wrapping(window);
    let click = move |event: leptos::ev::MouseEvent| {
        let Some(linking) = linking else { return };
        window.store.with_value(|text| {
            if let Some(links) = &text.links {
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
            // Its width over PROBE_CHARS is a character's: what fits across when lines wrap.
            <span class="pe-json__probe" aria-hidden="true" data-probe=PROBE node_ref=window.probe></span>
            <div class="pe-json__sizer" style:height=move || format!("{}px", px(window.shown.with(|s| s.height)))>
                <div
                    class="pe-json__window"
                    style:transform=move || format!("translateY({}px)", px(window.shown.with(|s| s.top)))
                    node_ref=window.rows
                >
                    <For
                        each=move || window.shown.with(|shown| shown.lines.clone())
                        key=|number| *number
                        children=move |number| {
                            let hovered = linking.and_then(|l| l.hovered.get_untracked());
                            let marks = Marks { hovered, added };
                            window.store.with_value(|text| {
                                line_view(&text.json, &text.index, number, text.links.as_deref(), marks)
                            })
                        }
                    />
                </div>
            </div>
        </div>
    }
}

/// The probe's text (in a `::before`, so no text of the view holds it).
const PROBE: &str = "0000000000000000000000000000000000000000";
const _: () = assert!(PROBE.len() == PROBE_CHARS);

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
            data-line=number
        >
            {spans}{more}
        </div>
    }
}
