//! The round trips of DECISIONS §7, as properties over generated requests: for a request `r`
//! that an export produced, `export(import(r)) == r`, byte for byte, with one stated
//! exception.
//!
//! Each case generates a random valid envelope `e` (seeded, [`random`]), exports it (`r =
//! export(e)`, default options: Anthropic `max_tokens` 4096 both times), imports `r` as the
//! matching format, checks that the envelope validates with no errors, exports it again and
//! compares the compact JSON text of the two requests:
//!
//! - OpenAI and Anthropic: equal, except when `r` declares tools. Then the import puts them in
//!   a tool_overview (as §7 says), whose lines (§3: `- {name}({parameters}): {description}`,
//!   one per tool, `parameters` the import's summary of the schema) the second export adds to
//!   the head, after the head text `r` already carried (which held the original envelope's
//!   tool lines). So the expected request is `r` with `"\n\n"` + those lines appended to the
//!   OpenAI system message's content / Anthropic's `system`; everything else (`tools`
//!   included) must be equal. The lines are computed here from `r`'s own `tools`, with a
//!   summary written independently of the importer's.
//! - MCP: equal, for envelopes whose images are base64 `data:` URLs or relative paths (text
//!   in MCP), so that `r` holds only text, image and audio blocks.
//!
//! An export with no message at all (an envelope of variables only, say) has nothing to
//! import; those cases must fail with "nothing to import" and are counted, not compared.

mod common;
#[path = "import/random.rs"]
mod random;
#[path = "import/support.rs"]
mod support;
#[path = "import/tool_lines.rs"]
mod tool_lines;

use pep_core::export::{Format, Options, export};
use pep_core::import::{Source, detect, import};
use pep_core::{ImportProblem, Problem};

const CASES: u64 = 600;

#[derive(Debug, Default)]
struct Seen {
    compared: usize,
    empty: usize,
    with_tools: usize,
    with_calls: usize,
    with_images: usize,
    detected_as_openai: usize,
}

fn source(format: Format) -> Source {
    match format {
        Format::OpenAi => Source::OpenAi,
        Format::Responses => Source::Responses,
        Format::Anthropic => Source::Anthropic,
        Format::Mcp => Source::Mcp,
        Format::Otel => Source::Otel,
        Format::Gemini => Source::Gemini,
    }
}

/// Where an export keeps its messages and its tools.
fn keys(format: Format) -> (&'static str, &'static str) {
    match format {
        Format::Responses => ("input", "tools"),
        Format::Otel => ("gen_ai.input.messages", "gen_ai.tool.definitions"),
        Format::OpenAi | Format::Anthropic | Format::Mcp => ("messages", "tools"),
        Format::Gemini => ("contents", "tools"),
    }
}

fn round_trips(format: Format, config: random::Config) -> Seen {
    let mut seen = Seen::default();
    for seed in 0..CASES {
        let text = random::envelope(seed, config);
        let loaded = pep_core::load(&text, pep_core::Mode::Strict);
        assert!(
            !loaded.has_errors(),
            "seed {seed}: {:#?}\n{text}",
            loaded.issues
        );
        let Some(envelope) = loaded.envelope else {
            panic!("seed {seed}: no envelope");
        };
        let first = export(&envelope, format, Options::default()).request();
        let request = first.to_string();
        let imported = match import(&request, Some(source(format))) {
            Ok(imported) => imported,
            Err(errors) => {
                let nothing = errors.len() == 1
                    && errors[0].problem == Problem::Import(ImportProblem::Nothing);
                let items = &first[keys(format).0];
                let no_messages = items.as_array().is_some_and(Vec::is_empty);
                assert!(
                    nothing && no_messages,
                    "seed {seed}: {errors:#?}\n{request}"
                );
                seen.empty += 1;
                continue;
            }
        };
        support::assert_valid(&imported);
        check_detection(&request, format, &imported.envelope, &mut seen);
        let second = export(&imported.envelope, format, Options::default()).request();
        assert_eq!(
            second.to_string(),
            tool_lines::with_tool_lines(&first, format).to_string(),
            "seed {seed}, {format:?}\nenvelope: {text}\nimported: {}",
            imported.to_pretty_json()
        );
        seen.compared += 1;
        seen.with_tools += usize::from(first.get(keys(format).1).is_some());
        seen.with_calls += usize::from(
            [
                "tool_use",
                "tool_calls",
                "function_call",
                "\"tool_call\"",
                "functionCall",
            ]
            .iter()
            .any(|k| request.contains(k)),
        );
        seen.with_images += usize::from(request.contains("image"));
    }
    seen
}

/// Detection finds the format, except for an Anthropic request with none of the signs §7
/// lists (no system, tools, tool or image blocks): that one reads as OpenAI, and importing it
/// as OpenAI gives the same envelope.
fn check_detection(request: &str, format: Format, envelope: &pep_core::Envelope, seen: &mut Seen) {
    let detected = detect(&common::json(request));
    if format == Format::Anthropic && detected == Ok(Source::OpenAi) {
        seen.detected_as_openai += 1;
        let as_openai = support::imported(request, None);
        assert_eq!(&as_openai.envelope, envelope, "{request}");
        return;
    }
    assert_eq!(detected, Ok(source(format)), "{request}");
}

fn assert_coverage(seen: &Seen) {
    assert!(seen.compared >= CASES as usize * 9 / 10, "{seen:?}");
    assert!(
        seen.with_tools > 50 && seen.with_calls > 50 && seen.with_images > 50,
        "{seen:?}"
    );
}

#[test]
fn openai_round_trip() {
    let seen = round_trips(
        Format::OpenAi,
        random::Config {
            linked_images: true,
        },
    );
    assert_coverage(&seen);
}

#[test]
fn anthropic_round_trip() {
    let seen = round_trips(
        Format::Anthropic,
        random::Config {
            linked_images: true,
        },
    );
    assert_coverage(&seen);
    assert!(seen.detected_as_openai > 0, "{seen:?}");
}

/// DECISIONS §10: `export_responses(import(r)) == r`, with the same tool-lines exception (the
/// lines join `instructions`).
#[test]
fn responses_round_trip() {
    let seen = round_trips(
        Format::Responses,
        random::Config {
            linked_images: true,
        },
    );
    assert_coverage(&seen);
}

/// DECISIONS §12: the OpenTelemetry attributes come back from import + export as they are,
/// with the tool lines joining the system instructions' text.
#[test]
fn otel_round_trip() {
    let seen = round_trips(
        Format::Otel,
        random::Config {
            linked_images: true,
        },
    );
    assert_coverage(&seen);
}

/// DECISIONS §14: a Gemini body comes back from import + export as it is, with the tool lines
/// joining `systemInstruction`'s text.
#[test]
fn gemini_round_trip() {
    let seen = round_trips(
        Format::Gemini,
        random::Config {
            linked_images: true,
        },
    );
    assert_coverage(&seen);
}

#[test]
fn mcp_round_trip() {
    let seen = round_trips(
        Format::Mcp,
        random::Config {
            linked_images: false,
        },
    );
    assert!(seen.compared >= CASES as usize * 9 / 10, "{seen:?}");
    assert!(seen.with_images > 50, "{seen:?}");
}

/// Without the tools exception the OpenAI, Responses and Anthropic round trips are exact: the same
/// property over envelopes whose exports declare no tools, compared with no adjustment.
#[test]
fn exact_without_tools() {
    let mut exact = 0;
    for format in [Format::OpenAi, Format::Responses, Format::Anthropic] {
        for seed in 0..CASES {
            let text = random::envelope(
                seed,
                random::Config {
                    linked_images: true,
                },
            );
            let Some(envelope) = pep_core::load(&text, pep_core::Mode::Strict).envelope else {
                continue;
            };
            let first = export(&envelope, format, Options::default()).request();
            if first.get("tools").is_some() {
                continue;
            }
            let Ok(imported) = import(&first.to_string(), Some(source(format))) else {
                continue;
            };
            let second = export(&imported.envelope, format, Options::default()).request();
            assert_eq!(second.to_string(), first.to_string(), "seed {seed}");
            exact += 1;
        }
    }
    assert!(exact > 400, "{exact}");
}
