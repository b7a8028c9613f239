//! Linear everywhere (issue: one pass, clear layers; DECISIONS §9): pairing, the request
//! checks, the lowering and every export, with links and the budget as the viewer makes
//! them, for every shape that once was not linear or could be — many calls of one name,
//! `callId`s answered in any order, one batch of results, many tools, many turns, results
//! and texts mixed in one user turn. Each shape is generated at size n and 4n and timed in
//! the same run: the ratio must stay under 10 (a linear pass gives about 4, a quadratic 16),
//! and a quadratic stand-in must break it (`common/scaling.rs`).

mod common;

use common::scaling::assert_scales;
use common::{envelope, message};
use pep_core::budget::{Estimate, budget};
use pep_core::export::{Format, Options, print_measured};
use pep_core::{Mode, Prepared};

/// The ratio a 4× larger input may take at most.
const BOUND: u32 = 10;

/// `pep validate`: decode, validate, pair, lower and check.
fn validate(text: &str) {
    std::hint::black_box(pep_core::load(text, Mode::Strict));
}

/// What the viewer makes of a source: every export with its links and size, and the budget.
fn view(text: &str) {
    let (_, made) = pep_core::load_with(text, Mode::Repair, |prepared: Prepared<'_, '_>| {
        let options = Options {
            links: true,
            ..Options::default()
        };
        let exports: Vec<_> = Format::ALL
            .into_iter()
            .map(|format| print_measured(prepared.conversation, format, options, Some(&Estimate)))
            .collect();
        let requests = exports
            .iter()
            .zip(Format::ALL)
            .map(|(export, format)| pep_core::budget::RequestBudget {
                format,
                size: export.size.unwrap_or_default(),
            })
            .collect();
        let conversation = prepared.conversation;
        (
            exports,
            budget(conversation, prepared.envelope, &Estimate, requests),
        )
    });
    std::hint::black_box(made);
}

/// `pep export --to FORMAT` of each format.
fn export_all(text: &str) {
    for format in Format::ALL {
        std::hint::black_box(pep_core::export_text(text, format, Options::default()).is_ok());
    }
}

fn request(name: &str, call_id: Option<String>) -> String {
    let id = call_id.map_or(String::new(), |id| format!(r#","callId":"{id}""#));
    format!(
        r#"{{"kind":"tool_call_request","toolName":"{name}","arguments":{{"q":"x"}},"collapsed":false{id}}}"#
    )
}

fn result(name: &str, call_id: Option<String>) -> String {
    let id = call_id.map_or(String::new(), |id| format!(r#","callId":"{id}""#));
    format!(
        r#"{{"kind":"tool_call_result","toolName":"{name}","result":"ok","success":true,"collapsed":true{id}}}"#
    )
}

/// A user question, then one assistant message calling `t` n times, then one tool message
/// answering them in `order` (indexes of the calls), by callId or by name.
fn calls(n: usize, by_id: bool, order: impl Fn(usize) -> Vec<usize>) -> String {
    let id = |i: usize| by_id.then(|| format!("c{i}"));
    let requests: Vec<String> = (0..n).map(|i| request("t", id(i))).collect();
    let results: Vec<String> = order(n).into_iter().map(|i| result("t", id(i))).collect();
    envelope(&format!(
        "{},{},{}",
        message("u", "user", 1, r#"{"kind":"text","content":"go"}"#),
        message("a", "assistant", 2, &requests.join(",")),
        message("t", "tool", 3, &results.join(","))
    ))
}

/// A deterministic shuffle of `0..n` (xorshift, Fisher–Yates).
fn shuffled(n: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    for i in (1..n).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        order.swap(i, (state % (i as u64 + 1)) as usize);
    }
    order
}

#[test]
fn many_calls_of_one_name_answered_in_one_batch() {
    let input = |n| calls(n, false, |n| (0..n).collect());
    assert_scales("batch by name: validate", 5_000, BOUND, input, validate);
    assert_scales("batch by name: view", 5_000, BOUND, input, view);
    assert_scales("batch by name: export", 5_000, BOUND, input, export_all);
}

#[test]
fn call_ids_answered_in_reverse_and_in_any_order() {
    let reverse = |n| calls(n, true, |n| (0..n).rev().collect());
    assert_scales("callId reversed: validate", 5_000, BOUND, reverse, validate);
    assert_scales("callId reversed: view", 5_000, BOUND, reverse, view);
    let any = |n| calls(n, true, shuffled);
    assert_scales("callId shuffled: view", 5_000, BOUND, any, view);
}

#[test]
fn many_turns_each_with_a_call() {
    let input = |n: usize| {
        let messages: Vec<String> = (0..n)
            .flat_map(|i| {
                let t = 2 * i as u64 + 1;
                [
                    message(&format!("a{i}"), "assistant", t, &request("t", None)),
                    message(&format!("t{i}"), "tool", t + 1, &result("t", None)),
                ]
            })
            .collect();
        envelope(&messages.join(","))
    };
    assert_scales("turns: validate", 3_000, BOUND, input, validate);
    assert_scales("turns: view", 3_000, BOUND, input, view);
}

#[test]
fn many_tools_each_called() {
    let input = |n: usize| {
        let tools: Vec<String> = (0..n)
            .map(|i| {
                format!(
                    r#"{{"name":"tool{i}","description":"d","parameters":"q: string","schema":{{"type":"object","properties":{{"q":{{"type":"string"}}}},"required":["q"]}}}}"#
                )
            })
            .collect();
        let overview = format!(
            r#"{{"kind":"tool_overview","items":[{}],"collapsed":true}}"#,
            tools.join(",")
        );
        let names: Vec<String> = (0..n).map(|i| format!("tool{i}")).collect();
        let requests: Vec<String> = names.iter().map(|name| request(name, None)).collect();
        let results: Vec<String> = names.iter().map(|name| result(name, None)).collect();
        envelope(&format!(
            "{},{},{}",
            message("s", "system", 1, &overview),
            message("a", "assistant", 2, &requests.join(",")),
            message("t", "tool", 3, &results.join(","))
        ))
    };
    assert_scales("tools: validate", 2_000, BOUND, input, validate);
    assert_scales("tools: view", 2_000, BOUND, input, view);
}

#[test]
fn results_and_texts_mixed_in_one_user_turn() {
    // Tool messages and user messages alternate: Anthropic merges them into one user turn and
    // moves every result before the texts.
    let input = |n: usize| {
        let requests: Vec<String> = (0..n).map(|_| request("t", None)).collect();
        let mut messages = vec![message("a", "assistant", 1, &requests.join(","))];
        for i in 0..n {
            let t = 2 * i as u64 + 2;
            messages.push(message(&format!("t{i}"), "tool", t, &result("t", None)));
            let text = r#"{"kind":"text","content":"and then"}"#;
            messages.push(message(&format!("u{i}"), "user", t + 1, text));
        }
        envelope(&messages.join(","))
    };
    assert_scales("mixed user turn: view", 3_000, BOUND, input, view);
}

#[test]
fn many_small_turns_of_text() {
    let input = |n: usize| {
        let messages: Vec<String> = (0..n)
            .map(|i| {
                let role = if i % 2 == 0 { "user" } else { "assistant" };
                let text = format!(r#"{{"kind":"text","content":"turn {i}"}}"#);
                message(&format!("m{i}"), role, i as u64 + 1, &text)
            })
            .collect();
        envelope(&messages.join(","))
    };
    assert_scales("text turns: validate", 10_000, BOUND, input, validate);
    assert_scales("text turns: view", 10_000, BOUND, input, view);
}
