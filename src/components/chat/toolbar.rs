//! The chat's toolbar: the segment count, search, the view switch, fold all, Share, Edit a
//! copy and Compare….

use leptos::prelude::*;
use pep_view::SegmentRef;
use pep_view::text::{Noun, Text};

use super::SearchBar;
use crate::components::shell::{CUSTOM, ViewSwitch};
use crate::components::widgets::{CompareButton, ShareButton};
use crate::state::collapse::Collapse;
use crate::state::doc::Doc;
use crate::state::lang::{tr, use_lang};
use crate::state::shell::{Incoming, Shell};

/// The toolbar above one envelope's messages.
#[component]
pub fn Toolbar(
    /// The envelope shown.
    doc: Doc,
    /// What is shown (a demo id, `custom`, `shared`, `hosted`).
    id: String,
    /// Download file name without extension.
    file_stem: String,
    /// Fold state of the envelope's segments.
    collapse: Collapse,
    /// The segment search jumps to.
    target: RwSignal<Option<SegmentRef>>,
) -> impl IntoView {
    let lang = use_lang();
    let fixed = doc.fixed();
    let segment_count = fixed.segment_count;
    view! {
        <div class="pe-chat__toolbar">
            <span class="pe-chat__count">
                {move || lang.get().count(segment_count, Noun::Segment)}
            </span>
            <SearchBar doc=doc target=target />
            <ViewSwitch />
            <button
                type="button"
                class="pe-button"
                data-testid="expand-all"
                on:click=move |_| collapse.set_all(false)
            >
                {tr(Text::ExpandAll)}
            </button>
            <button
                type="button"
                class="pe-button"
                data-testid="collapse-all"
                on:click=move |_| collapse.set_all(true)
            >
                {tr(Text::CollapseAll)}
            </button>
            <ShareButton source=std::sync::Arc::clone(&fixed.source) file_stem=file_stem />
            {edit_copy(&id, doc)}
            <CompareButton id=id.clone() source=std::sync::Arc::clone(&fixed.source) />
        </div>
    }
}

/// "Edit a copy": opens the editor on this envelope, as if it had been opened as a file (so
/// the text it replaces can be undone, and nothing depends on the storage keeping it). Not for
/// the user's envelope itself, nor in embed mode.
fn edit_copy(id: &str, doc: Doc) -> Option<impl IntoView + use<>> {
    let shell = use_context::<Shell>()?;
    let Incoming(incoming) = use_context::<Incoming>()?;
    if shell.embed || id == CUSTOM {
        return None;
    }
    let edit = move |_| {
        incoming.set(Some(Ok(doc.fixed().source.to_string())));
        shell.open_custom.run(());
    };
    Some(view! {
        <button type="button" class="pe-button" data-testid="edit-copy" on:click=edit>
            {tr(Text::EditCopy)}
        </button>
    })
}
