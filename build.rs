//! Builds the demo catalogue into the app from `demos/manifest.json` (its ids, files and
//! titles; each demo's view is a bundle fetched when shown), so the top bar needs no fetch
//! and no JSON parser at start.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    println!("cargo:rerun-if-changed=demos/manifest.json");
    match write() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("build.rs: {message}");
            ExitCode::FAILURE
        }
    }
}

fn write() -> Result<(), String> {
    let manifest = std::fs::read_to_string("demos/manifest.json")
        .map_err(|e| format!("demos/manifest.json: {e}"))?;
    let catalogue = pep_view::demos::Catalogue::parse(&manifest)?;
    let out = PathBuf::from(std::env::var("OUT_DIR").map_err(|e| e.to_string())?);
    std::fs::write(out.join("catalogue.rs"), catalogue.to_rust()).map_err(|e| e.to_string())
}
