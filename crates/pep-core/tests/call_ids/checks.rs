//! What validation and the exports say about the callIds themselves (DECISIONS §7): a callId
//! used twice, even by a request that is left out, is warned and the later request exported as
//! `call_N`; one that reads like another request's `call_N` is warned too, since the APIs
//! reject repeated ids; a callId that is not a string is an error.

use pep_core::export::Format;

use super::{ask, check, oa, oa_call, oa_calls, oa_tool, validation};
use crate::common::{
    self, answer, assert_warnings, call, envelope_of, export_to, message, text_segment as text,
};

#[test]
fn a_duplicate_call_id_is_warned_and_the_second_request_gets_call_n() {
    let env = envelope_of(&[
        ask(),
        message(
            "a",
            "assistant",
            2,
            &[
                call("s", r#"{"n":1}"#, Some("dup")),
                call("s", r#"{"n":2}"#, Some("dup")),
            ]
            .join(","),
        ),
        message(
            "t",
            "tool",
            3,
            &[
                answer("s", "1", true, Some("dup")),
                answer("s", "2", true, None),
            ]
            .join(","),
        ),
    ]);
    let duplicate = ("messages[1].segments[1].callId", "\"dup\"");
    assert_warnings(&validation(&env), &[duplicate]);
    let expected = oa(&[
        oa_calls(&[
            oa_call("dup", "s", r#"{"n":1}"#),
            oa_call("call_2", "s", r#"{"n":2}"#),
        ]),
        oa_tool("dup", "1"),
        oa_tool("call_2", "2"),
    ]);
    assert_warnings(&check(&env, Format::OpenAi, &expected), &[duplicate]);
    let anthropic = export_to(&env, Format::Anthropic);
    assert_eq!(
        anthropic.request()["messages"][1]["content"][1]["id"],
        "call_2"
    );
    let warnings: Vec<String> = anthropic.warnings.iter().map(ToString::to_string).collect();
    assert_warnings(&warnings, &[duplicate]);
    let mcp = export_to(&env, Format::Mcp);
    assert_eq!(
        mcp.request()["messages"][2]["content"]["text"],
        r#"[Tool call call_2] s {"n":2}"#
    );
}

#[test]
fn a_call_id_held_by_a_left_out_request_still_makes_a_later_one_a_duplicate() {
    // "A callId used by two requests is a warning": the left-out request uses it too.
    let env = envelope_of(&[
        message(
            "u",
            "user",
            1,
            &[text("问"), call("s", "{}", Some("d"))].join(","),
        ),
        message("a", "assistant", 2, &call("s", "{}", Some("d"))),
        message("t", "tool", 3, &answer("s", "r", true, None)),
    ]);
    let expected = oa(&[
        oa_calls(&[oa_call("call_2", "s", "{}")]),
        oa_tool("call_2", "r"),
    ]);
    let duplicate = ("messages[1].segments[0].callId", "\"d\"");
    let left_out = ("messages[0].segments[1]", "left out");
    assert_warnings(
        &check(&env, Format::OpenAi, &expected),
        &[duplicate, left_out],
    );
    assert_warnings(&validation(&env), &[duplicate, left_out]);
}

#[test]
fn call_id_is_a_known_optional_string() {
    let wrong = envelope_of(&[message(
        "a",
        "assistant",
        1,
        r#"{"kind":"tool_call_request","toolName":"f","arguments":{},"collapsed":false,"callId":5}"#,
    )]);
    let issues = common::issue_paths(&wrong);
    assert!(
        issues.contains(&(
            pep_core::Severity::Error,
            "messages[0].segments[0].callId".to_owned()
        )),
        "{issues:?}"
    );
}

#[test]
fn a_call_id_that_reads_like_a_generated_id_is_warned() {
    // The third request is call_3 by count; the first's callId is "call_3" too.
    let request = |id: &str| {
        let id = if id.is_empty() {
            String::new()
        } else {
            format!(r#","callId":"{id}""#)
        };
        format!(
            r#"{{"kind":"tool_call_request","toolName":"s","arguments":{{}},"collapsed":false{id}}}"#
        )
    };
    let text = common::envelope(
        &[
            common::message("u", "user", 1, r#"{"kind":"text","content":"go"}"#),
            common::message(
                "a",
                "assistant",
                2,
                &[request("call_3"), request(""), request("")].join(","),
            ),
        ]
        .join(","),
    );
    let lines: Vec<String> = pep_core::validate(&text)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        lines.iter().any(|l| l.starts_with("warning messages[1].segments[2]: this tool call is exported as call_3, the id of the call at messages[1].segments[0] too")),
        "{lines:#?}"
    );
}
