//! The demos the app offers (spec §8), built in from `demos/manifest.json` by `build.rs`.

include!(concat!(env!("OUT_DIR"), "/catalogue.rs"));

/// The `?demo=` value of the user's own envelope.
pub const CUSTOM: &str = "custom";

/// A demo's envelope text, from its view bundle; none when it cannot be fetched.
pub async fn demo_source(demo: &pep_view::demos::DemoEntry) -> Option<String> {
    let bytes = crate::platform::fetch::bytes(demo.bundle).await.ok()?;
    pep_view::wire::decode::<pep_view::model::Bundle>(&bytes)
        .ok()
        .map(|bundle| bundle.source)
}

/// The example envelope (Your envelope when nothing is stored): the default demo's text.
pub async fn example() -> Option<String> {
    demo_source(pick(None)).await
}

/// The demo for a `?demo=` value: that one if it exists, else the default.
pub fn pick(requested: Option<&str>) -> &'static pep_view::demos::DemoEntry {
    let id = pep_view::demos::pick(DEMOS, DEFAULT_DEMO, requested);
    DEMOS.iter().find(|demo| demo.id == id).unwrap_or(&DEMOS[0])
}
