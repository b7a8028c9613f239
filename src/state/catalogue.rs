//! The demos the app offers (spec §8), built in from `demos/manifest.json` by `build.rs`.

include!(concat!(env!("OUT_DIR"), "/catalogue.rs"));

/// The demo for a `?demo=` value: that one if it exists, else the default.
pub fn pick(requested: Option<&str>) -> &'static pep_view::demos::DemoEntry {
    let id = pep_view::demos::pick(DEMOS, DEFAULT_DEMO, requested);
    DEMOS.iter().find(|demo| demo.id == id).unwrap_or(&DEMOS[0])
}
