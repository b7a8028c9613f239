//! Golden tests for the Anthropic Messages export, turns and tool blocks (DECISIONS §5, with
//! §3 for ids and pairing): tool_use and tool_result blocks, role mapping and merging, the
//! tool_result move, results outside tool messages, and the first-turn and trailing-whitespace
//! warnings. Expected requests are written by hand from the rules.

use pep_core::export::Format;

use super::check;
use crate::common::{
    answer, assert_warnings, call, check_request, envelope_of, export_to, media, message,
    text_segment as text,
};

#[test]
fn tool_use_follows_the_texts_with_input_exactly_as_written() {
    let args = r#"{"q": "上下文", "ratio": 1.0, "big": 12345678901234567890, "z": {"b": 2.50e-3, "a": [true, null]}}"#;
    let text = envelope_of(&[
        message("u", "user", 1, &text("问")),
        message(
            "a",
            "assistant",
            2,
            &[
                text("先查"),
                call("search", args, None),
                text("再算"),
                call("calc", "{}", None),
            ]
            .join(","),
        ),
        message(
            "t",
            "tool",
            3,
            &[
                answer("search", "A", true, None),
                answer("calc", "B", true, None),
            ]
            .join(","),
        ),
    ]);
    let export = export_to(&text, Format::Anthropic);
    let warnings = check_request(
        &export,
        r#"{"model":"gpt-4-turbo","max_tokens":4096,"messages":[
            {"role":"user","content":[{"type":"text","text":"问"}]},
            {"role":"assistant","content":[
                {"type":"text","text":"先查"},{"type":"text","text":"再算"},
                {"type":"tool_use","id":"call_1","name":"search","input":{"q":"上下文","ratio":1.0,"big":12345678901234567890,"z":{"b":2.50e-3,"a":[true,null]}}},
                {"type":"tool_use","id":"call_2","name":"calc","input":{}}]},
            {"role":"user","content":[
                {"type":"tool_result","tool_use_id":"call_1","content":"A"},
                {"type":"tool_result","tool_use_id":"call_2","content":"B"}]}]}"#,
    );
    assert_warnings(&warnings, &[]);
    assert!(export.request().to_string().contains(
        r#""input":{"q":"上下文","ratio":1.0,"big":12345678901234567890,"z":{"b":2.50e-3,"#
    ));
}

#[test]
fn tool_results_carry_is_error_only_on_failure_and_pair_as_in_openai() {
    let text = envelope_of(&[
        message("u", "user", 1, &text("问")),
        message(
            "a",
            "assistant",
            2,
            &[
                call("search", r#"{"q":"a"}"#, None),
                call("calc", r#"{"x":1}"#, None),
                call("search", r#"{"q":"b"}"#, None),
            ]
            .join(","),
        ),
        message(
            "t1",
            "tool",
            3,
            &[
                text("before"),
                answer("search", "A", true, None),
                text("note"),
                text(""),
                media("image", "x.png", "图"),
                answer("calc", "boom", false, None),
                answer("calc", "orphan", true, None),
            ]
            .join(","),
        ),
        message(
            "t2",
            "tool",
            4,
            &[answer("weather", "sunny", true, None), text("dropped too")].join(","),
        ),
        message("a2", "assistant", 5, &text("完成")),
    ]);
    let warnings = check(
        &text,
        r#"{"model":"gpt-4-turbo","max_tokens":4096,"messages":[
            {"role":"user","content":[{"type":"text","text":"问"}]},
            {"role":"assistant","content":[
                {"type":"tool_use","id":"call_1","name":"search","input":{"q":"a"}},
                {"type":"tool_use","id":"call_2","name":"calc","input":{"x":1}},
                {"type":"tool_use","id":"call_3","name":"search","input":{"q":"b"}}]},
            {"role":"user","content":[
                {"type":"tool_result","tool_use_id":"call_1","content":"A\n\nnote\n\n[Image: 图]"},
                {"type":"tool_result","tool_use_id":"call_2","content":"boom","is_error":true}]},
            {"role":"assistant","content":[{"type":"text","text":"完成"}]}]}"#,
    );
    assert_warnings(
        &warnings,
        &[
            ("messages[2].segments[0]", "before the first"),
            ("messages[2].segments[6]", "no earlier unanswered"),
            ("messages[3].segments[0]", "no earlier unanswered"),
            ("messages[3].segments[1]", "left out"),
            ("messages[1].segments[2]", "never answered"),
        ],
    );
}

#[test]
fn tool_results_move_first_in_a_user_turn_with_one_warning_per_turn() {
    let text = envelope_of(&[
        message("u1", "user", 1, &text("问")),
        message(
            "a1",
            "assistant",
            2,
            &[call("a", "{}", None), call("b", "{}", None)].join(","),
        ),
        message("u2", "user", 3, &text("等等")),
        message(
            "t1",
            "tool",
            4,
            &[answer("a", "1", true, None), answer("b", "2", true, None)].join(","),
        ),
        message("u3", "user", 5, &text("还有")),
        message("a2", "assistant", 6, &call("c", "{}", None)),
        message(
            "u4",
            "user",
            7,
            &[text("y"), answer("c", "3", true, None)].join(","),
        ),
    ]);
    let warnings = check(
        &text,
        r#"{"model":"gpt-4-turbo","max_tokens":4096,"messages":[
            {"role":"user","content":[{"type":"text","text":"问"}]},
            {"role":"assistant","content":[
                {"type":"tool_use","id":"call_1","name":"a","input":{}},
                {"type":"tool_use","id":"call_2","name":"b","input":{}}]},
            {"role":"user","content":[
                {"type":"tool_result","tool_use_id":"call_1","content":"1"},
                {"type":"tool_result","tool_use_id":"call_2","content":"2"},
                {"type":"text","text":"等等"},{"type":"text","text":"还有"}]},
            {"role":"assistant","content":[{"type":"tool_use","id":"call_3","name":"c","input":{}}]},
            {"role":"user","content":[
                {"type":"tool_result","tool_use_id":"call_3","content":"3"},
                {"type":"text","text":"y"}]}]}"#,
    );
    assert_warnings(
        &warnings,
        &[
            ("messages[3].segments[0]", "moved before"),
            ("messages[6].segments[1]", "role \"user\""),
            ("messages[6].segments[1]", "moved before"),
        ],
    );
}

#[test]
fn results_held_by_assistant_or_system_messages_become_a_user_turn_right_after() {
    let text = envelope_of(&[
        message("u1", "user", 1, &text("问")),
        message(
            "a1",
            "assistant",
            2,
            &[
                text("算"),
                call("calc", "{}", None),
                answer("calc", "42", true, None),
            ]
            .join(","),
        ),
        message("u2", "user", 3, &text("谢谢")),
        message("a2", "assistant", 4, &call("now", "{}", None)),
        message(
            "s",
            "system",
            5,
            &[
                r#"{"kind":"system_prompt","content":"S","collapsed":true}"#.to_owned(),
                answer("now", "12:00", true, None),
            ]
            .join(","),
        ),
        message("a3", "assistant", 6, &text("完")),
    ]);
    let warnings = check(
        &text,
        r#"{"model":"gpt-4-turbo","max_tokens":4096,"system":"S","messages":[
            {"role":"user","content":[{"type":"text","text":"问"}]},
            {"role":"assistant","content":[{"type":"text","text":"算"},{"type":"tool_use","id":"call_1","name":"calc","input":{}}]},
            {"role":"user","content":[{"type":"tool_result","tool_use_id":"call_1","content":"42"},{"type":"text","text":"谢谢"}]},
            {"role":"assistant","content":[{"type":"tool_use","id":"call_2","name":"now","input":{}}]},
            {"role":"user","content":[{"type":"tool_result","tool_use_id":"call_2","content":"12:00"}]},
            {"role":"assistant","content":[{"type":"text","text":"完"}]}]}"#,
    );
    assert_warnings(
        &warnings,
        &[
            ("messages[1].segments[2]", "role \"assistant\""),
            ("messages[4].segments[1]", "role \"system\""),
        ],
    );
}

#[test]
fn same_role_turns_merge_and_messages_without_blocks_drop() {
    let text = envelope_of(&[
        message("u1", "user", 1, &text("a")),
        message(
            "u2",
            "user",
            2,
            r#"{"kind":"memory","items":[{"title":"t","content":"c"}],"collapsed":true}"#,
        ),
        message("u3", "user", 3, &[text("b"), text("c")].join(",")),
        message("a1", "assistant", 4, &text("x")),
        message("s", "system", 5, &text("sys")),
        message("a2", "assistant", 6, &text("y")),
        message("u4", "user", 7, &text("")),
        message("a3", "assistant", 8, &text("z")),
    ]);
    let warnings = check(
        &text,
        r#"{"model":"gpt-4-turbo","max_tokens":4096,"system":"- t: c\n\nsys","messages":[
            {"role":"user","content":[{"type":"text","text":"a"},{"type":"text","text":"b"},{"type":"text","text":"c"}]},
            {"role":"assistant","content":[{"type":"text","text":"x"},{"type":"text","text":"y"},{"type":"text","text":"z"}]}]}"#,
    );
    assert_warnings(&warnings, &[]);
}

#[test]
fn first_turn_and_trailing_whitespace_are_warned_never_fixed() {
    let alone = envelope_of(&[message("a", "assistant", 1, &text("hi "))]);
    let warnings = check(
        &alone,
        r#"{"model":"gpt-4-turbo","max_tokens":4096,"messages":[{"role":"assistant","content":[{"type":"text","text":"hi "}]}]}"#,
    );
    assert_warnings(
        &warnings,
        &[
            ("messages[0].segments[0]", "user turn first"),
            ("messages[0].segments[0]", "whitespace"),
        ],
    );
    let merged = envelope_of(&[
        message("u", "user", 1, &text("q")),
        message("a1", "assistant", 2, &text("x ")),
        message("a2", "assistant", 3, &text("y\\t")),
    ]);
    let warnings = check(
        &merged,
        r#"{"model":"gpt-4-turbo","max_tokens":4096,"messages":[
            {"role":"user","content":[{"type":"text","text":"q"}]},
            {"role":"assistant","content":[{"type":"text","text":"x "},{"type":"text","text":"y\t"}]}]}"#,
    );
    assert_warnings(&warnings, &[("messages[2].segments[0]", "whitespace")]);
    let tool_last = envelope_of(&[
        message("u", "user", 1, &text("q ")),
        message(
            "a",
            "assistant",
            2,
            &[text("a\\n"), call("f", "{}", None)].join(","),
        ),
    ]);
    let warnings = check(
        &tool_last,
        r#"{"model":"gpt-4-turbo","max_tokens":4096,"messages":[
            {"role":"user","content":[{"type":"text","text":"q "}]},
            {"role":"assistant","content":[{"type":"text","text":"a\n"},{"type":"tool_use","id":"call_1","name":"f","input":{}}]}]}"#,
    );
    assert_warnings(&warnings, &[("messages[1].segments[1]", "never answered")]);
    let user_last = envelope_of(&[
        message("u1", "user", 1, &text("q")),
        message("a", "assistant", 2, &text("a ")),
        message("u2", "user", 3, &text("r ")),
    ]);
    assert_warnings(
        &check(
            &user_last,
            r#"{"model":"gpt-4-turbo","max_tokens":4096,"messages":[
                {"role":"user","content":[{"type":"text","text":"q"}]},
                {"role":"assistant","content":[{"type":"text","text":"a "}]},
                {"role":"user","content":[{"type":"text","text":"r "}]}]}"#,
        ),
        &[],
    );
}

#[test]
fn merged_results_that_end_up_after_a_text_are_moved_and_warned() {
    // tool_result, text, tool_result from three messages: the second result moves.
    let text = envelope_of(&[
        message("u", "user", 1, &text("q")),
        message(
            "a",
            "assistant",
            2,
            &[
                call("a", "{}", None),
                call("b", "{}", None),
                call("f", "{}", None),
            ]
            .join(","),
        ),
        message("t1", "tool", 3, &answer("a", "1", true, None)),
        message("u2", "user", 4, &text("w")),
        message("t2", "tool", 5, &answer("b", "2", true, None)),
        // A result held by a system message is a user turn right after it: merged here too.
        message("s", "system", 6, &answer("f", "3", true, None)),
    ]);
    let warnings = check(
        &text,
        r#"{"model":"gpt-4-turbo","max_tokens":4096,"messages":[
            {"role":"user","content":[{"type":"text","text":"q"}]},
            {"role":"assistant","content":[
                {"type":"tool_use","id":"call_1","name":"a","input":{}},
                {"type":"tool_use","id":"call_2","name":"b","input":{}},
                {"type":"tool_use","id":"call_3","name":"f","input":{}}]},
            {"role":"user","content":[
                {"type":"tool_result","tool_use_id":"call_1","content":"1"},
                {"type":"tool_result","tool_use_id":"call_2","content":"2"},
                {"type":"tool_result","tool_use_id":"call_3","content":"3"},
                {"type":"text","text":"w"}]}]}"#,
    );
    assert_warnings(
        &warnings,
        &[
            ("messages[4].segments[0]", "moved before"),
            ("messages[5].segments[0]", "role \"system\""),
        ],
    );
}

#[test]
fn the_whitespace_check_sees_the_last_block_of_the_last_turn() {
    // The request's tool_use comes after the text, so the last block is not text.
    let tool_last = envelope_of(&[
        message("u", "user", 1, &text("q")),
        message(
            "a",
            "assistant",
            2,
            &[call("f", "{}", None), text("a ")].join(","),
        ),
    ]);
    let warnings = check(
        &tool_last,
        r#"{"model":"gpt-4-turbo","max_tokens":4096,"messages":[
            {"role":"user","content":[{"type":"text","text":"q"}]},
            {"role":"assistant","content":[{"type":"text","text":"a "},{"type":"tool_use","id":"call_1","name":"f","input":{}}]}]}"#,
    );
    assert_warnings(&warnings, &[("messages[1].segments[0]", "never answered")]);
    // A message with no block after it does not make a turn: the assistant turn is last.
    let dropped_after = envelope_of(&[
        message("u", "user", 1, &text("q")),
        message("a", "assistant", 2, &text("a\\n")),
        message("u2", "user", 3, &text("")),
    ]);
    let warnings = check(
        &dropped_after,
        r#"{"model":"gpt-4-turbo","max_tokens":4096,"messages":[
            {"role":"user","content":[{"type":"text","text":"q"}]},
            {"role":"assistant","content":[{"type":"text","text":"a\n"}]}]}"#,
    );
    assert_warnings(&warnings, &[("messages[1].segments[0]", "whitespace")]);
}
