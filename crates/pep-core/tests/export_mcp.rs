//! Golden tests for the MCP `prompts/get` export (DECISIONS §6, built on the blocks of §5).
//! Every expected result is written by hand from the rules; key order is checked by comparing
//! compact JSON text; warnings by path and a message fragment.

mod common;

use common::{
    answer, assert_warnings, call, check_request, envelope_of, export_to, media, message,
    text_segment as text,
};
use pep_core::export::Format;
use serde_json::{Value, json};

/// Exports `text` to MCP, checks the result and returns the warnings.
fn check(text: &str, expected: &Value) -> Vec<String> {
    check_request(&export_to(text, Format::Mcp), &expected.to_string())
}

fn user(block: Value) -> Value {
    json!({"role": "user", "content": block})
}

fn assistant(block: Value) -> Value {
    json!({"role": "assistant", "content": block})
}

fn t(text: &str) -> Value {
    json!({"type": "text", "text": text})
}

/// The one "no tool calls in MCP" warning, at the first tool segment of the envelope.
fn tool_calls(path: &str) -> (&str, &str) {
    (path, "no tool calls")
}

/// The one "no system role in MCP" warning.
const NO_SYSTEM: (&str, &str) = ("messages", "no system role");

#[test]
fn the_head_is_the_first_user_message_with_one_warning() {
    let minimal = common::read("tests/fixtures/valid/01-minimal.json");
    let warnings = check(
        &minimal,
        &json!({"messages": [
            user(t("你是一个有用的助手。")),
            user(t("你好！")),
            assistant(t("你好！有什么可以帮助你的吗？"))]}),
    );
    assert_warnings(&warnings, &[NO_SYSTEM]);
    let no_head = envelope_of(&[message("u", "user", 1, &text("hi"))]);
    assert_warnings(&check(&no_head, &json!({"messages": [user(t("hi"))]})), &[]);
    for demo in common::DEMOS {
        let text = common::read(&format!("demos/{demo}"));
        let openai = export_to(&text, Format::OpenAi).request();
        let mcp = export_to(&text, Format::Mcp).request();
        if openai["messages"][0]["role"] == "system" {
            assert_eq!(
                mcp["messages"][0],
                user(t(openai["messages"][0]["content"]
                    .as_str()
                    .unwrap_or_default())),
                "{demo}"
            );
        }
    }
}

#[test]
fn one_message_per_block_and_no_merging() {
    let text = envelope_of(&[
        message(
            "u1",
            "user",
            1,
            &[
                text("a"),
                text(""),
                r#"{"kind":"long_text","content":"b","charCount":1,"collapsed":true}"#.into(),
                r#"{"kind":"document","fileName":"d.pdf","mimeType":"application/pdf","snippet":"摘要","sizeBytes":1024}"#.into(),
            ]
            .join(","),
        ),
        message("u2", "user", 2, &text("c")),
        message(
            "a1",
            "assistant",
            3,
            &[
                text("x"),
                media("image", "out.png", "图"),
                media("image", "data:image/png;base64,AA", ""),
            ]
            .join(","),
        ),
        message("a2", "assistant", 4, &text("y")),
    ]);
    let warnings = check(
        &text,
        &json!({"messages": [
            user(t("a")), user(t("b")), user(t("[Document: d.pdf (1.0 KB)]\n摘要")), user(t("c")),
            assistant(t("x")), assistant(t("[Image: 图]")), assistant(t("[Image]")),
            assistant(t("y"))]}),
    );
    assert_warnings(&warnings, &[]);
}

#[test]
fn user_images_become_image_blocks_resource_links_or_text() {
    let text = envelope_of(&[message(
        "u",
        "user",
        1,
        &[
            media("image", "data:image/png;base64,iVBO", "图"),
            media("image", "data:image/svg+xml;base64,PHN2", ""),
            media("image", "https://x/a.png", "猫"),
            media("image", "HTTPS://x/b.png", ""),
            media("image", "cat.png", "本地猫"),
            media("image", "c.png", ""),
        ]
        .join(","),
    )]);
    let warnings = check(
        &text,
        &json!({"messages": [
            user(json!({"type": "image", "data": "iVBO", "mimeType": "image/png"})),
            user(json!({"type": "image", "data": "PHN2", "mimeType": "image/svg+xml"})),
            user(json!({"type": "resource_link", "uri": "https://x/a.png", "name": "猫"})),
            user(json!({"type": "resource_link", "uri": "HTTPS://x/b.png", "name": "HTTPS://x/b.png"})),
            user(t("[Image: 本地猫]")),
            user(t("[Image: c.png]"))]}),
    );
    assert_warnings(
        &warnings,
        &[
            ("messages[0].segments[4]", "relative"),
            ("messages[0].segments[5]", "relative"),
        ],
    );
}

#[test]
fn base64_audio_is_an_audio_block_in_any_role_other_media_is_text() {
    let text = envelope_of(&[
        message(
            "u",
            "user",
            1,
            &[
                media("audio", "data:audio/mpeg;base64,SUQz", "语音"),
                media("audio", "https://x/a.mp3", "录音"),
                media("audio", "data:audio/wav,raw", ""),
                media("video", "data:video/mp4;base64,AAAA", ""),
                media("video", "https://x/v.mp4", ""),
            ]
            .join(","),
        ),
        message(
            "a",
            "assistant",
            2,
            &media("audio", "data:audio/ogg;base64,T2dn", "回答"),
        ),
    ]);
    let warnings = check(
        &text,
        &json!({"messages": [
            user(json!({"type": "audio", "data": "SUQz", "mimeType": "audio/mpeg"})),
            user(t("[Audio: 录音]")),
            user(t("[Audio]")),
            user(t("[Video]")),
            user(t("[Video: https://x/v.mp4]")),
            assistant(json!({"type": "audio", "data": "T2dn", "mimeType": "audio/ogg"}))]}),
    );
    assert_warnings(&warnings, &[]);
}

#[test]
fn tool_calls_and_results_are_text_with_one_warning_per_envelope() {
    let text = envelope_of(&[
        message("u", "user", 1, &text("问")),
        message(
            "a1",
            "assistant",
            2,
            &[
                call(
                    "search",
                    r#"{"q": "上下文", "n": 1.0, "big": 12345678901234567890}"#,
                    None,
                ),
                text("查一下"),
                call("calc", "{ }", None),
            ]
            .join(","),
        ),
        message(
            "t",
            "tool",
            3,
            &[
                answer("search", "A", true, None),
                text("note"),
                answer("calc", "boom", false, None),
            ]
            .join(","),
        ),
        message("a2", "assistant", 4, &text("完")),
    ]);
    let warnings = check(
        &text,
        &json!({"messages": [
            user(t("问")),
            assistant(t("查一下")),
            assistant(t(r#"[Tool call call_1] search {"q":"上下文","n":1.0,"big":12345678901234567890}"#)),
            assistant(t("[Tool call call_2] calc {}")),
            user(t("[Tool result call_1] search: ok\nA\n\nnote")),
            user(t("[Tool result call_2] calc: error\nboom")),
            assistant(t("完"))]}),
    );
    assert_warnings(&warnings, &[tool_calls("messages[1].segments[0]")]);
}

#[test]
fn a_result_held_by_an_assistant_or_system_message_is_a_user_message() {
    let text = envelope_of(&[
        message("u", "user", 1, &text("问")),
        message(
            "a",
            "assistant",
            2,
            &[call("f", "{}", None), answer("f", "x", true, None)].join(","),
        ),
        message("u2", "user", 3, &text("谢谢")),
        message("a2", "assistant", 4, &call("g", "{}", None)),
        message("s", "system", 5, &answer("g", "y", false, None)),
    ]);
    let warnings = check(
        &text,
        &json!({"messages": [
            user(t("问")),
            assistant(t("[Tool call call_1] f {}")),
            user(t("[Tool result call_1] f: ok\nx")),
            user(t("谢谢")),
            assistant(t("[Tool call call_2] g {}")),
            user(t("[Tool result call_2] g: error\ny"))]}),
    );
    assert_warnings(
        &warnings,
        &[
            tool_calls("messages[1].segments[0]"),
            ("messages[1].segments[1]", "role \"assistant\""),
            ("messages[4].segments[0]", "role \"system\""),
        ],
    );
}

#[test]
fn a_user_message_keeps_its_segment_order_no_turn_reordering() {
    // §6: one MCP message per block of §5 "before merging"; the tool_result move of §5 is a
    // property of a merged user turn, so it does not happen here and is not warned about.
    let text = envelope_of(&[
        message("a", "assistant", 1, &call("f", "{}", None)),
        message(
            "u",
            "user",
            2,
            &[text("q"), answer("f", "x", true, None)].join(","),
        ),
    ]);
    let warnings = check(
        &text,
        &json!({"messages": [
            assistant(t("[Tool call call_1] f {}")),
            user(t("q")),
            user(t("[Tool result call_1] f: ok\nx"))]}),
    );
    assert_warnings(
        &warnings,
        &[
            tool_calls("messages[0].segments[0]"),
            ("messages[1].segments[1]", "role \"user\""),
        ],
    );
}

#[test]
fn tools_are_one_warning_counting_every_item() {
    let text = envelope_of(&[
        message(
            "s",
            "system",
            1,
            r#"{"kind":"tool_overview","items":[{"name":"a","description":"A","parameters":""},{"name":"b","description":"B","parameters":"x: int"}],"collapsed":true}"#,
        ),
        message(
            "u",
            "user",
            2,
            &[
                r#"{"kind":"tool_overview","items":[{"name":"c","description":"C","parameters":""}],"collapsed":true}"#.to_owned(),
                text("hi"),
            ]
            .join(","),
        ),
    ]);
    let warnings = check(
        &text,
        &json!({"messages": [user(t("- a(): A\n- b(x: int): B\n\n- c(): C")), user(t("hi"))]}),
    );
    assert_warnings(
        &warnings,
        &[NO_SYSTEM, ("messages[0].segments[0].items[0]", "3 tool")],
    );
}

#[test]
fn the_viewer_path_exports_valid_parts_to_anthropic_and_mcp() {
    let text = envelope_of(&[
        message(
            "u",
            "user",
            1,
            &[text("hi"), r#"{"kind":"text","content":7}"#.to_owned()].join(","),
        ),
        message("x", "nobody", 2, &text("lost")),
        message("a", "assistant", 3, &text("ok")),
    ]);
    let loaded = pep_core::load(&text, pep_core::Mode::Repair);
    let Some(envelope) = loaded.envelope else {
        panic!("no envelope")
    };
    let invalid = [
        ("messages[0].segments[1]", "invalid"),
        ("messages[1]", "invalid"),
    ];
    let mcp = pep_core::export::export(
        &envelope,
        pep_core::Format::Mcp,
        pep_core::Options::default(),
    );
    let warnings = check_request(
        &mcp,
        &json!({"messages": [user(t("hi")), assistant(t("ok"))]}).to_string(),
    );
    assert_warnings(&warnings, &invalid);
    let anthropic = pep_core::export::export(
        &envelope,
        pep_core::Format::Anthropic,
        pep_core::Options {
            max_tokens: 10,
            ..pep_core::Options::default()
        },
    );
    let warnings = check_request(
        &anthropic,
        r#"{"model":"gpt-4-turbo","max_tokens":10,"messages":[
            {"role":"user","content":[{"type":"text","text":"hi"}]},
            {"role":"assistant","content":[{"type":"text","text":"ok"}]}]}"#,
    );
    assert_warnings(&warnings, &invalid);
}
