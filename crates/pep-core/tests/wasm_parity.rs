//! The five exports computed in wasm are byte-identical to the native `pep export` output
//! (DECISIONS §3). Run by `scripts/test.sh`, which first writes the native outputs with the
//! `pep` binary into `$PEP_NATIVE_EXPORT_DIR`, then runs this test under Node with
//! wasm-bindgen-test.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::wasm_bindgen_test;

/// The native `pep export` output of a case in one format: (stdout, stderr).
macro_rules! native {
    ($name:literal, $suffix:literal) => {
        (
            include_str!(concat!(
                env!("PEP_NATIVE_EXPORT_DIR"),
                "/",
                $name,
                $suffix,
                ".stdout"
            )),
            include_str!(concat!(
                env!("PEP_NATIVE_EXPORT_DIR"),
                "/",
                $name,
                $suffix,
                ".stderr"
            )),
        )
    };
}

macro_rules! case {
    ($name:literal, $source:literal) => {
        (
            $name,
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../", $source)),
            [
                native!($name, ""),
                native!($name, ".responses"),
                native!($name, ".anthropic"),
                native!($name, ".mcp"),
                native!($name, ".otel"),
                native!($name, ".gemini"),
            ],
        )
    };
}

/// (name, envelope, native (stdout, stderr) per format in `Format::ALL` order)
type Case = (
    &'static str,
    &'static str,
    [(&'static str, &'static str); pep_core::export::Format::ALL.len()],
);

const CASES: [Case; 9] = [
    case!("demo-a", "demos/demo-a.json"),
    case!("demo-b", "demos/demo-b.json"),
    case!("demo-c", "demos/demo-c.json"),
    case!("demo-d", "demos/demo-d.json"),
    case!("demo-e", "demos/demo-e.json"),
    case!("demo-f", "demos/demo-f.json"),
    case!(
        "numbers-and-escapes",
        "tests/fixtures/parity/numbers-and-escapes.json"
    ),
    case!("all-kinds", "tests/fixtures/valid/02-all-kinds.json"),
    case!("tool-calls", "tests/fixtures/valid/04-tool-calls.json"),
];

#[wasm_bindgen_test]
fn wasm_exports_are_byte_identical_to_native() {
    use pep_core::export::{Format, Options};
    for (name, envelope, natives) in CASES {
        for (format, (native_stdout, native_stderr)) in Format::ALL.into_iter().zip(natives) {
            assert!(
                !native_stdout.is_empty(),
                "{name} {format:?}: the native export is empty"
            );
            let export = match pep_core::export_text(envelope, format, Options::default()) {
                Ok(export) => export,
                Err(issues) => panic!("{name}: wasm refused to export: {issues:?}"),
            };
            let stdout = format!("{}\n", export.to_pretty_json());
            let stderr: String = export.warnings.iter().map(|w| format!("{w}\n")).collect();
            assert_eq!(
                stdout, native_stdout,
                "{name} {format:?}: export JSON differs between wasm and native"
            );
            assert_eq!(
                stderr, native_stderr,
                "{name} {format:?}: export warnings differ between wasm and native"
            );
        }
    }
}

#[wasm_bindgen_test]
fn wasm_validation_matches_native_paths() {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/invalid/15-memory-item-missing-title.json"
    ));
    let issues: Vec<String> = pep_core::validate(text)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        issues,
        ["error messages[0].segments[0].items[0].title: missing required field `title`"]
    );
}
