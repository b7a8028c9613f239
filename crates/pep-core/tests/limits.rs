//! DECISIONS §9: time and memory linear in the input for every shape of input.
//!
//! Robust on a noisy machine: time is judged by comparing size N with size 4N in the same run
//! (a linear pass takes about 4 times as long, a quadratic one 16 times; the bound is 10, and
//! a quadratic stand-in must break it: `common/scaling.rs`), and memory by counting this test
//! binary's allocations on the current thread against the input size. No absolute timing
//! anywhere.

mod common;

use common::alloc::{Counting, peak_bytes};
use common::scaling::assert_linear;
use common::{envelope, message};
use pep_core::{EnvelopeProblem, ExportProblem, Mode, Problem, Repeated, StructureProblem};

// ----- a per-thread peak-memory counter -----

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn assert_memory(name: &str, text: &str, factor: usize, work: impl FnOnce(&str)) {
    let peak = peak_bytes(|| work(text));
    assert!(
        peak <= factor * text.len(),
        "{name}: {peak} bytes allocated for {} bytes of input (more than {factor}×)",
        text.len()
    );
}

// ----- linear time -----

fn load(text: &str) {
    let loaded = pep_core::load(text, Mode::Strict);
    std::hint::black_box(&loaded);
}

fn load_via_tree(text: &str) {
    if let Ok(parsed) = pep_core::decode::parse_json(text) {
        std::hint::black_box(pep_core::load_parsed(&parsed, Mode::Repair));
    }
}

fn export(text: &str) {
    if let Some(envelope) = pep_core::load(text, Mode::Repair).envelope {
        std::hint::black_box(common::openai(&envelope).to_pretty_json());
    }
}

/// An assistant tool call with `arguments` (JSON text), answered.
fn call_with_arguments(arguments: &str) -> String {
    let request = format!(
        r#"{{"kind":"tool_call_request","toolName":"t","arguments":{arguments},"collapsed":false}}"#
    );
    let result = r#"{"kind":"tool_call_result","toolName":"t","result":"ok","success":true,"collapsed":true}"#;
    envelope(&format!(
        "{},{}",
        message("a", "assistant", 1, &request),
        message("b", "tool", 2, result)
    ))
}

fn many_keys(n: usize) -> String {
    let keys: Vec<String> = (0..n).map(|k| format!(r#""k{k}":{k}"#)).collect();
    call_with_arguments(&format!("{{{}}}", keys.join(",")))
}

/// 100 objects with long keys around an array of `n` numbers, one of them `2.5e-05` (an
/// embedding, say). A `Value` costs 72 bytes a number (and its vector doubles as it grows), so
/// the numbers are written with a few digits, as real ones are.
fn nested_exponent(n: usize) -> String {
    let mut value = format!("[{}2.5e-05]", "0.1234,".repeat(n));
    for level in 0..100 {
        value = format!(r#"{{"{}{level}":{value}}}"#, "k".repeat(500));
    }
    call_with_arguments(&value)
}

/// `n` repeated keys inside 100 objects with long keys.
fn nested_duplicates(n: usize) -> String {
    let mut value = format!("{{{}}}", vec![r#""d":1"#; n].join(","));
    for level in 0..100 {
        value = format!(r#"{{"{}{level}":{value}}}"#, "q".repeat(500));
    }
    call_with_arguments(&value)
}

#[test]
fn objects_with_many_distinct_keys() {
    assert_linear("keys", 20_000, many_keys, load);
    assert_linear("keys (tree)", 20_000, many_keys, load_via_tree);
    assert_memory("keys", &many_keys(50_000), 40, load);
}

#[test]
fn exponent_numbers_cost_no_path_per_number() {
    assert_linear("exponent", 50_000, nested_exponent, load);
    assert_linear("exponent (tree)", 50_000, nested_exponent, load_via_tree);
    // Before the lockstep restore: 4 GiB for 1.6 MB.
    assert_memory("exponent", &nested_exponent(200_000), 40, load);
    assert_memory(
        "exponent (tree)",
        &nested_exponent(200_000),
        40,
        load_via_tree,
    );
    let text = nested_exponent(10);
    let Some(envelope) = pep_core::load(&text, Mode::Strict).envelope else {
        panic!("no envelope");
    };
    assert!(envelope.to_value().to_string().contains(",2.5e-05]"));
}

#[test]
fn repeated_keys_under_long_keys() {
    assert_linear("duplicates", 80_000, nested_duplicates, load);
    assert_memory("duplicates", &nested_duplicates(100_000), 40, load);
    for (text, listed) in [
        (nested_duplicates(1_000), 21), // 100 levels of long keys: 1 MiB of paths is enough
        (
            call_with_arguments(&format!("{{{}}}", vec![r#""d":1"#; 1_000].join(","))),
            100,
        ),
    ] {
        let issues = pep_core::validate(&text);
        let found = issues
            .iter()
            .filter(|issue| {
                matches!(
                    issue.problem,
                    Problem::Envelope(EnvelopeProblem::DuplicateKey { .. })
                )
            })
            .count();
        assert_eq!(found, listed);
        let rest = Problem::Envelope(EnvelopeProblem::NotListed {
            what: Repeated::Key,
            count: 1_000 - 1 - listed,
        });
        assert!(
            issues.iter().any(|issue| issue.problem == rest),
            "{issues:?}"
        );
    }
}

#[test]
fn many_messages_use_little_memory() {
    let messages: Vec<String> = (0..20_000_u64)
        .map(|k| {
            let role = if k.is_multiple_of(2) {
                "user"
            } else {
                "assistant"
            };
            let text = format!(r#"{{"kind":"text","content":"hello world {k}"}}"#);
            message(&format!("m{k}"), role, 1_780_000_000_000 + k, &text)
        })
        .collect();
    let text = envelope(&messages.join(","));
    assert_memory("200k-style messages (load)", &text, 10, load);
    assert_memory("200k-style messages (export)", &text, 12, export);
    let build = |n: usize| {
        let messages: Vec<String> = (0..n)
            .map(|k| {
                message(
                    "same-id",
                    "user",
                    k as u64,
                    r#"{"kind":"text","content":"x"}"#,
                )
            })
            .collect();
        envelope(&messages.join(","))
    };
    assert_linear("duplicate ids", 5_000, build, load);
}

#[test]
fn many_tool_calls_and_placeholders() {
    let calls = |n: usize| {
        let mut messages = Vec::new();
        for k in 0..n as u64 {
            let name = format!("tool{}", k % 7);
            let request = format!(
                r#"{{"kind":"tool_call_request","toolName":"{name}","arguments":{{}},"collapsed":false}}"#
            );
            let result = format!(
                r#"{{"kind":"tool_call_result","toolName":"{name}","result":"r","success":true,"collapsed":true}}"#
            );
            messages.push(message(&format!("a{k}"), "assistant", 2 * k, &request));
            messages.push(message(&format!("t{k}"), "tool", 2 * k + 1, &result));
        }
        envelope(&messages.join(","))
    };
    assert_linear("tool calls", 2_000, calls, export);
    let placeholders = |n: usize| {
        let content = "{{x}} {{ y }} {{{z}}} {{ a, b }} ".repeat(n);
        let segments = format!(
            r#"{{"kind":"static_var","name":"x","value":"v"}},{{"kind":"system_prompt","content":"{content}","collapsed":true}}"#
        );
        envelope(&message("s", "system", 1, &segments))
    };
    assert_linear("placeholders", 5_000, placeholders, export);
    let braces = |n: usize| {
        let content = format!("{{{{{}", " ".repeat(n)) + &"{{ x".repeat(n);
        let segments =
            format!(r#"{{"kind":"system_prompt","content":"{content}","collapsed":true}}"#);
        envelope(&message("s", "system", 1, &segments))
    };
    assert_linear("unclosed placeholders", 20_000, braces, export);
}

#[test]
fn the_expanded_head_stops_at_16_mib() {
    // 20,000 uses of a 1 MiB value asked for 20 GB before the limit.
    let value = "x".repeat(1 << 20);
    let segments = format!(
        r#"{{"kind":"static_var","name":"big","value":"{value}"}},{{"kind":"system_prompt","content":"{}","collapsed":true}},{{"kind":"system_prompt","content":"after {{{{big}}}}","collapsed":true}}"#,
        "{{big}}".repeat(20_000)
    );
    let text = envelope(&message("s", "system", 1, &segments));
    let Some(envelope) = pep_core::load(&text, Mode::Strict).envelope else {
        panic!("no envelope");
    };
    let peak = peak_bytes(|| common::openai(&envelope));
    assert!(peak < 100 << 20, "export allocated {peak} bytes");
    let export = common::openai(&envelope);
    let request = export.request();
    let head = request["messages"][0]["content"]
        .as_str()
        .unwrap_or_default();
    // The placeholders left as written are the only text beyond the limit.
    let raw_rest = 19_984 * "{{big}}".len() + "\n\nafter {{big}}".len();
    assert_eq!(head.len(), pep_core::template::HEAD_LIMIT + raw_rest);
    assert_eq!(head.matches(value.as_str()).count(), 16);
    assert!(head.ends_with("after {{big}}"));
    let limits: Vec<_> = export
        .warnings
        .iter()
        .filter(|w| {
            matches!(
                w.problem,
                Problem::Export(ExportProblem::HeadTooLarge { .. })
            )
        })
        .collect();
    assert_eq!(limits.len(), 1, "{limits:?}");
    assert_eq!(limits[0].path, "messages[0].segments[1].content");
}

// ----- nesting up to serde_json's limit, and far beyond -----

/// A tool call whose arguments nest `depth` levels in all, counting the envelope's own five.
fn nested(depth: usize) -> String {
    let inner = depth - 6;
    call_with_arguments(&format!(
        r#"{{"k":{}{}}}"#,
        "[".repeat(inner),
        "]".repeat(inner)
    ))
}

/// Everything the core does with a document, none of which may overflow the stack.
fn every_walk(text: &str) -> Option<String> {
    let loaded = pep_core::load(text, Mode::Repair);
    let tree = pep_core::decode::parse_json(text)
        .map(|parsed| pep_core::load_parsed(&parsed, Mode::Strict));
    let envelope = loaded.envelope?;
    let _ = tree;
    let round_trip = envelope.to_value().to_string();
    let export = common::openai(&envelope).to_pretty_json();
    Some(round_trip + &export)
}

fn on_small_stack<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    // wasm runs with a 1 MiB stack; debug builds use far more per frame than release.
    match std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(work)
        .map(|thread| thread.join())
    {
        Ok(Ok(result)) => result,
        _ => panic!("the walk crashed on a 1 MiB stack"),
    }
}

#[test]
fn nesting_at_the_limit_works_and_beyond_it_is_an_error() {
    for depth in [127, 128, 129] {
        let text = nested(depth);
        let issues = pep_core::validate(&text);
        let rejected = issues.iter().any(|issue| {
            matches!(&issue.problem, Problem::Structure(StructureProblem::InvalidJson { reason, .. }) if reason.contains("recursion limit"))
        });
        assert_eq!(rejected, depth > 127, "depth {depth}: {issues:?}");
        let walked = on_small_stack(move || every_walk(&text).is_some());
        assert_eq!(walked, depth <= 127, "depth {depth}");
    }
    for open in ["[", "{\"a\":", "[{\"a\":"] {
        let text = call_with_arguments(&format!("{{\"k\":{}}}", open.repeat(100_000)));
        assert_memory("deep", &text, 4, load);
        let issues = on_small_stack(move || pep_core::validate(&text));
        assert!(
            matches!(&issues[..], [issue] if matches!(issue.problem, Problem::Structure(StructureProblem::InvalidJson { .. }))),
            "{issues:?}"
        );
    }
    let deep_keys = format!("{}1{}", "{\"k\":".repeat(100_000), "}".repeat(100_000));
    let issues = on_small_stack(move || pep_core::validate(&deep_keys));
    assert_eq!(issues.len(), 1, "{issues:?}");
}

#[test]
fn repetitive_warnings_are_listed_up_to_a_hundred_then_counted() {
    let prompt = format!(
        r#"{{"kind":"system_prompt","content":"{}","collapsed":true}}"#,
        "{{x}}".repeat(100_000)
    );
    let unknown_placeholders = envelope(&message("s", "system", 1, &prompt));
    let fields: Vec<String> = (0..50_000).map(|k| format!(r#""f{k}":1"#)).collect();
    let unknown_fields = format!(
        r#"{{"version":"1.0","model":"m","x":1,"y":2,"messages":[{{"id":"a","role":"user","segments":[{{"kind":"text","content":"x"}}],"timestamp":1,{}}}]}}"#,
        fields.join(",")
    );
    // An unknown field is a member of the message's tree and of its kept extra fields (about
    // 30 bytes of memory a byte of `"f1":1`); a placeholder costs nothing once capped.
    for (text, what, count, factor) in [
        (
            &unknown_placeholders,
            Repeated::UnknownPlaceholder,
            100_000,
            10,
        ),
        (&unknown_fields, Repeated::UnknownField, 50_000, 40),
    ] {
        for mode in [Mode::Strict, Mode::Repair] {
            let streamed = pep_core::load(text, mode);
            let Ok(parsed) = pep_core::decode::parse_json(text) else {
                panic!("not JSON");
            };
            assert_eq!(streamed, pep_core::load_parsed(&parsed, mode), "{what}");
        }
        let issues = pep_core::validate(text);
        let summary = Problem::Envelope(EnvelopeProblem::NotListed {
            what,
            count: count - 100,
        });
        assert!(
            issues.iter().any(|issue| issue.problem == summary),
            "{what}"
        );
        assert!(issues.len() < 110, "{what}: {} issues", issues.len());
        assert_memory(&what.to_string(), text, factor, load);
        assert_memory(&what.to_string(), text, factor, export);
    }
    let Some(envelope) = pep_core::load(&unknown_placeholders, Mode::Strict).envelope else {
        panic!("no envelope");
    };
    let export = common::openai(&envelope);
    let listed = export
        .warnings
        .iter()
        .filter(|w| {
            matches!(
                w.problem,
                Problem::Envelope(EnvelopeProblem::UnknownPlaceholder { .. })
            )
        })
        .count();
    assert_eq!(listed, 100);
    let summary = Problem::Envelope(EnvelopeProblem::NotListed {
        what: Repeated::UnknownPlaceholder,
        count: 100_000 - 100,
    });
    assert!(export.warnings.iter().any(|w| w.problem == summary));

    let empty = format!(
        r#"{{"kind":"static_var","name":"e","value":""}},{{"kind":"system_prompt","content":"{}","collapsed":true}}"#,
        "{{e}}".repeat(100_000)
    );
    let text = common::envelope(&message("s", "system", 1, &empty));
    assert_memory("empty values", &text, 10, self::export);
    let Some(decoded) = pep_core::load(&text, Mode::Strict).envelope else {
        panic!("no envelope");
    };
    let warnings = common::openai(&decoded).warnings;
    assert!(warnings.len() < 110, "{}", warnings.len());
    let summary = Problem::Envelope(EnvelopeProblem::NotListed {
        what: Repeated::EmptyValue,
        count: 100_000 - 100,
    });
    assert!(
        warnings.iter().any(|w| w.problem == summary),
        "{warnings:?}"
    );
}
