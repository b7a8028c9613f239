//! `media` (spec §3.11): type icon, type label, alt text, and the medium itself (an image, or
//! native audio/video players). A URL with an unsafe scheme is shown as blocked text; a URL
//! that fails to load leaves a fixed-size placeholder so the layout never breaks.

use leptos::prelude::*;
use pep_view::MediaType;
use pep_view::SegmentRef;
use pep_view::text::Text;

use crate::components::widgets::SegmentLink;
use crate::state::lang::tr;

/// An image, audio clip or video.
#[component]
pub fn MediaView(
    /// Where the segment is, for its link.
    key: SegmentRef,
    /// Image, audio or video.
    media_type: MediaType,
    /// The URL as written.
    url: String,
    /// The alt text, unless absent or empty.
    alt: Option<String>,
    /// Whether the URL may be loaded (DECISIONS §4).
    allowed: bool,
) -> impl IntoView {
    let failed = RwSignal::new(false);
    let (icon, label) = match media_type {
        MediaType::Image => ("🖼️", Text::Image),
        MediaType::Audio => ("🎵", Text::Audio),
        MediaType::Video => ("🎬", Text::Video),
    };
    let player = if allowed {
        let alt_text = alt.clone().unwrap_or_default();
        let src = url.clone();
        let shown_url = url.clone();
        view! {
            <Show
                when=move || !failed.get()
                fallback=move || view! {
                    <div class="pe-media__failed">
                        <span>{tr(Text::LoadFailed)}</span>
                        <code>{shown_url.clone()}</code>
                    </div>
                }
            >
                {match media_type {
                    MediaType::Image => view! {
                        <img
                            class="pe-media__image"
                            src=src.clone()
                            alt=alt_text.clone()
                            loading="lazy"
                            on:error=move |_| failed.set(true)
                        />
                    }
                    .into_any(),
                    MediaType::Audio => view! {
                        <audio class="pe-media__audio" controls preload="none" src=src.clone()
                            on:error=move |_| failed.set(true)></audio>
                    }
                    .into_any(),
                    MediaType::Video => view! {
                        <video class="pe-media__video" controls preload="metadata" src=src.clone()
                            on:error=move |_| failed.set(true)></video>
                    }
                    .into_any(),
                }}
            </Show>
        }
        .into_any()
    } else {
        view! {
            <p class="pe-media__blocked">
                <span>{tr(Text::UrlBlocked)}</span>
                <code>{url.clone()}</code>
            </p>
        }
        .into_any()
    };
    view! {
        <figure class="pe-seg pe-seg--media" data-kind="media" data-path=key.path() data-media-type=media_type.as_str()>
            <figcaption class="pe-media__caption">
                <span class="pe-media__icon" aria-hidden="true">{icon}</span>
                <span class="pe-media__type">{tr(label)}</span>
                {alt.map(|alt| view! { <span class="pe-media__alt">{alt}</span> })}
            </figcaption>
            {player}
            <SegmentLink />
        </figure>
    }
}
