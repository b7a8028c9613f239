//! Writes what the build makes from the demos and the texts, before Trunk builds the app:
//! - each demo's view bundle, `OUT/demos/demo-X.bin`: the demo's text and the responses the
//!   engine gives for it but the exports of the tabs not shown first (wire bytes,
//!   `pep_view::model::Bundle`). The app shows a demo from its bundle, with no parsing and no
//!   worker, in its first task; the worker prints the other tabs after the first paint;
//! - `OUT/first-paint.html`: the top bar in both languages (`pep_view::render::shell`), which
//!   `scripts/post-build.mjs` puts into `index.html` for the first paint (and then deletes).
//!
//! Run by Trunk before each build (Trunk.toml): OUT is `$TRUNK_STAGING_DIR`, or the first
//! argument.
//!
//! ```console
//! cargo run -p pep-view --features engine --example build_assets -- dist
//! ```

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use pep_core::export::Format;
use pep_view::demos::Catalogue;
use pep_view::engine::Engine;
use pep_view::model::{Bundle, Request, Response};
use pep_view::panel_tab::PanelTab;
use pep_view::render::shell::templates;
use pep_view::wire::encode;

fn main() -> ExitCode {
    let out = std::env::args()
        .nth(1)
        .or_else(|| std::env::var("TRUNK_STAGING_DIR").ok());
    let Some(out) = out else {
        eprintln!("usage: build_assets OUT_DIR (or set TRUNK_STAGING_DIR)");
        return ExitCode::from(2);
    };
    match write_all(Path::new(&out)) {
        Ok(count) => {
            println!(
                "build_assets: {count} bundles in {out}/demos, the top bar in {out}/first-paint.html"
            );
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("build_assets: {message}");
            ExitCode::FAILURE
        }
    }
}

fn write_all(out: &Path) -> Result<usize, String> {
    // The folder `cargo run` names now, not the one this was built in: a build from another
    // clone sharing the target directory would otherwise pack that clone's demos.
    let demos = std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
        .join("../../demos");
    let read = |name: &str| {
        let path = demos.join(name);
        std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
    };
    let catalogue = Catalogue::parse(&read("manifest.json")?)?;
    let shell = out.join("first-paint.html");
    std::fs::write(&shell, templates(&catalogue))
        .map_err(|e| format!("{}: {e}", shell.display()))?;
    let dir = out.join("demos");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for demo in &catalogue.demos {
        let source = read(&demo.file)?;
        let mut engine = Engine::new();
        let mut responses = Vec::new();
        let request = Request::Open {
            doc: 0,
            source: source.clone(),
            recognise: false,
            tab: PanelTab::Export(Format::OpenAi),
            first: usize::MAX,
        };
        // Only the first tab's export (in the first view): the page asks the worker for the
        // others after its first paint, so the first render does not fetch them.
        engine.handle(request, &mut |response| {
            if !matches!(response, Response::Export { .. }) {
                responses.push(response);
            }
        });
        let bytes = encode(&Bundle {
            source,
            responses,
            note_zh: demo.note_zh.clone(),
            note_en: demo.note_en.clone(),
        });
        let path = out.join(demo.bundle());
        std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(catalogue.demos.len())
}
