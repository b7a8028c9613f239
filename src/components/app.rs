//! The whole app: top bar, then the selected demo. Owns the URL state (`?demo=`, `?lang=`,
//! `?view=`).

use leptos::prelude::*;

use super::{CustomView, EnvelopeView, TopBar, provide_lang};
use crate::browser;
use crate::demos::Catalogue;
use crate::i18n::{Lang, Text};
use crate::view_mode::ViewMode;

/// The `?demo=` value of the user's own envelope.
pub const CUSTOM: &str = "custom";

/// The viewer application.
#[component]
pub fn App() -> impl IntoView {
    let lang = RwSignal::new(match browser::query_param("lang") {
        Some(tag) => Lang::from_tag(&tag),
        None => Lang::from_tag(&browser::language()),
    });
    provide_lang(lang);
    provide_context(RwSignal::new(ViewMode::from_query(
        browser::query_param("view").as_deref(),
    )));
    Effect::new(move || {
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", lang.get().code());
        }
    });

    let catalogue = match Catalogue::embedded() {
        Ok(catalogue) => catalogue,
        Err(message) => {
            return view! {
                <div class="pe-fatal" role="alert">
                    <h1>{move || lang.get().t(Text::CannotRead)}</h1>
                    <pre>{message}</pre>
                </div>
            }
            .into_any();
        }
    };
    let demos = StoredValue::new(catalogue);
    // `?demo=custom` is the user's own envelope; anything else names a demo.
    let pick = move || {
        let requested = browser::query_param("demo");
        if requested.as_deref() == Some(CUSTOM) {
            return CUSTOM.to_owned();
        }
        demos.with_value(|c| c.pick(requested.as_deref()).id.clone())
    };
    let demo_id = RwSignal::new(pick());
    // A `?demo=` that names no demo shows the default: say so in the URL too.
    if browser::query_param("demo").is_some_and(|requested| requested != demo_id.get_untracked()) {
        let _ = browser::set_query_param("demo", &demo_id.get_untracked(), false);
    }
    browser::on_popstate(move || demo_id.set(pick()));

    let select_demo = move |id: String| {
        if demo_id.get_untracked() == id {
            return;
        }
        let _ = browser::set_query_param("demo", &id, true);
        demo_id.set(id);
        window().scroll_to_with_x_and_y(0.0, 0.0);
    };
    let switch_lang = move |next: Lang| {
        let _ = browser::set_query_param("lang", if next == Lang::Zh { "zh" } else { "en" }, false);
        lang.set(next);
    };

    view! {
        <div class="pe-app">
            <TopBar
                demos=demos.with_value(|c| c.demos.clone())
                current=demo_id
                on_select=select_demo
                on_lang=switch_lang
            />
            {move || {
                let id = demo_id.get();
                if id == CUSTOM {
                    let example = demos.with_value(|c| c.pick(None).source);
                    return view! { <CustomView example=example /> }.into_any();
                }
                let demo = demos.with_value(|c| c.pick(Some(&id)).clone());
                let file_stem = demo.file.trim_end_matches(".json").to_owned();
                view! { <EnvelopeView source=demo.source file_stem=file_stem id=demo.id /> }
                    .into_any()
            }}
        </div>
    }
    .into_any()
}
