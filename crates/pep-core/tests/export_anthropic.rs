//! Golden tests for the Anthropic Messages export (DECISIONS §5, with §3 for the head, the
//! texts, pairing and tools). Every expected request is written by hand from the rules; key
//! order is checked by comparing compact JSON text; warnings by path and a message fragment.

mod common;
#[path = "export_anthropic/turns.rs"]
mod turns;

use common::{
    answer, assert_warnings, call, check_request, envelope_of, export_to, export_with, media,
    message, text_segment as text,
};
use pep_core::export::{Format, Options};

/// Exports `text` to Anthropic (max_tokens 4096), checks the request and returns the warnings.
fn check(text: &str, expected: &str) -> Vec<String> {
    check_request(&export_to(text, Format::Anthropic), expected)
}

/// The OpenAI head message's content, if the OpenAI export has one.
fn openai_head(text: &str) -> Option<String> {
    let request = export_to(text, Format::OpenAi).request();
    let first = &request["messages"][0];
    (first["role"] == "system").then(|| first["content"].as_str().unwrap_or_default().to_owned())
}

#[test]
fn spec_minimal_example_with_the_default_max_tokens() {
    let text = common::read("tests/fixtures/valid/01-minimal.json");
    let warnings = check(
        &text,
        r#"{"model":"gpt-4-turbo","max_tokens":4096,"system":"你是一个有用的助手。","messages":[
            {"role":"user","content":[{"type":"text","text":"你好！"}]},
            {"role":"assistant","content":[{"type":"text","text":"你好！有什么可以帮助你的吗？"}]}]}"#,
    );
    assert_warnings(&warnings, &[]);
}

#[test]
fn max_tokens_is_given_explicitly_and_no_head_means_no_system_key() {
    let text = envelope_of(&[message("u", "user", 1, &text("hi"))]);
    for max_tokens in [1, 200_000] {
        let export = export_with(
            &text,
            Format::Anthropic,
            Options {
                max_tokens,
                ..Options::default()
            },
        );
        check_request(
            &export,
            &format!(
                r#"{{"model":"gpt-4-turbo","max_tokens":{max_tokens},"messages":[{{"role":"user","content":[{{"type":"text","text":"hi"}}]}}]}}"#
            ),
        );
    }
    let loaded = pep_core::load(&text, pep_core::Mode::Strict);
    let Some(envelope) = loaded.envelope else {
        panic!("no envelope")
    };
    assert_eq!(
        pep_core::export::export(
            &envelope,
            pep_core::Format::Anthropic,
            pep_core::Options {
                max_tokens: 7,
                ..pep_core::Options::default()
            }
        )
        .request()
        .to_string(),
        r#"{"model":"gpt-4-turbo","max_tokens":7,"messages":[{"role":"user","content":[{"type":"text","text":"hi"}]}]}"#
    );
    for no_model in [
        text.replace(r#""model":"gpt-4-turbo","#, ""),
        text.replace("gpt-4-turbo", ""),
    ] {
        let warnings = check(
            &no_model,
            r#"{"max_tokens":4096,"messages":[{"role":"user","content":[{"type":"text","text":"hi"}]}]}"#,
        );
        assert_warnings(&warnings, &[("model", "model")]);
    }
}

#[test]
fn system_is_the_openai_head_text() {
    let text = envelope_of(&[
        message(
            "s",
            "system",
            1,
            r#"{"kind":"static_var","name":"who","value":"世界"},
               {"kind":"system_prompt","content":"你好 {{who}} ","collapsed":true},
               {"kind":"memory","description":"关于你","items":[{"title":"身份","content":"研究生"}],"collapsed":true},
               {"kind":"text","content":"system text"},
               {"kind":"media","mediaType":"image","url":"data:image/png;base64,AA"}"#,
        ),
        message(
            "u",
            "user",
            2,
            r#"{"kind":"text","content":"问题"},
               {"kind":"skills","description":"","items":[{"name":"pdf","description":"读 PDF"}],"collapsed":true}"#,
        ),
        message("s2", "system", 3, &media("image", "b.png", "图")),
        message("a", "assistant", 4, &text("答")),
    ]);
    let head = "你好 世界 \n\n关于你\n- 身份: 研究生\n\nsystem text\n\n[Image]\n\n- /pdf: 读 PDF\n\n[Image: 图]";
    let expected = serde_json::json!({
        "model": "gpt-4-turbo", "max_tokens": 4096, "system": head,
        "messages": [
            {"role": "user", "content": [{"type": "text", "text": "问题"}]},
            {"role": "assistant", "content": [{"type": "text", "text": "答"}]}]
    });
    let warnings = check(&text, &expected.to_string());
    assert_warnings(&warnings, &[]);
    assert_eq!(openai_head(&text).as_deref(), Some(head));
    for demo in common::DEMOS {
        let text = common::read(&format!("demos/{demo}"));
        let request = export_to(&text, Format::Anthropic).request();
        assert_eq!(
            request
                .get("system")
                .and_then(|s| s.as_str())
                .map(str::to_owned),
            openai_head(&text),
            "{demo}"
        );
    }
}

#[test]
fn each_text_like_segment_is_its_own_block() {
    let text = envelope_of(&[
        message(
            "u",
            "user",
            1,
            &[
                text("\\n 原样 \\n"),
                text(""),
                r#"{"kind":"long_text","content":"行1\n行2","charCount":5,"collapsed":true}"#.into(),
                r#"{"kind":"document","fileName":"d.pdf","mimeType":"application/pdf","snippet":"摘要","sizeBytes":2845000,"parsedContent":"never"}"#.into(),
                media("audio", "a.mp3", "录音"),
                media("audio", "data:audio/wav;base64,AA", ""),
                media("video", "v.mp4", ""),
                media("video", "data:video/mp4;base64,AA", "片"),
                text("end"),
            ]
            .join(","),
        ),
        message(
            "a",
            "assistant",
            2,
            &[
                media("image", "out.png", "生成的图"),
                media("image", "https://x/p.png", ""),
                media("image", "data:image/png;base64,AA", ""),
            ]
            .join(","),
        ),
    ]);
    let t = |s: &str| serde_json::json!({"type": "text", "text": s});
    let expected = serde_json::json!({
        "model": "gpt-4-turbo", "max_tokens": 4096,
        "messages": [
            {"role": "user", "content": [
                t("\n 原样 \n"), t("行1\n行2"), t("[Document: d.pdf (2.7 MB)]\n摘要"),
                t("[Audio: 录音]"), t("[Audio]"), t("[Video: v.mp4]"), t("[Video: 片]"), t("end")]},
            {"role": "assistant", "content": [
                t("[Image: 生成的图]"), t("[Image: https://x/p.png]"), t("[Image]")]}]
    });
    assert_warnings(&check(&text, &expected.to_string()), &[]);
}

#[test]
fn user_images_become_base64_or_url_sources() {
    let images = [
        "data:image/jpeg;base64,/9j/",
        "DATA:image/png;base64,iVBO",
        "Data:image/gif;base64,R0lG",
        "data:image/webp;base64,UklG",
        "https://x/a.png",
        "HTTP://X/B.PNG",
        "cat.png",
        "//cdn/x.png",
        "data:image/svg+xml;base64,PHN2",
        "data:image/png,raw",
        "data:image/jpg;base64,AA",
        "data:image/bmp;base64,Qk0",
        "ftp://x/c.png",
    ];
    let mut segments = vec![text("看")];
    segments.extend(images.iter().map(|url| media("image", url, "猫")));
    let text = envelope_of(&[message("u", "user", 1, &segments.join(","))]);
    let b64 = |t: &str, d: &str| {
        format!(
            r#"{{"type":"image","source":{{"type":"base64","media_type":"image/{t}","data":"{d}"}}}}"#
        )
    };
    let url = |u: &str| format!(r#"{{"type":"image","source":{{"type":"url","url":"{u}"}}}}"#);
    let blocks = [
        r#"{"type":"text","text":"看"}"#.to_owned(),
        b64("jpeg", "/9j/"),
        b64("png", "iVBO"),
        b64("gif", "R0lG"),
        b64("webp", "UklG"),
        url(images[4]),
        url(images[5]),
        url(images[6]),
        url(images[7]),
        url(images[8]),
        url(images[9]),
        url(images[10]),
        url(images[11]),
        url(images[12]),
    ];
    let warnings = check(
        &text,
        &format!(
            r#"{{"model":"gpt-4-turbo","max_tokens":4096,"messages":[{{"role":"user","content":[{}]}}]}}"#,
            blocks.join(",")
        ),
    );
    assert_warnings(
        &warnings,
        &[
            ("messages[0].segments[7]", "absolute"),
            ("messages[0].segments[8]", "absolute"),
            ("messages[0].segments[9]", "absolute"),
            ("messages[0].segments[10]", "absolute"),
            ("messages[0].segments[11]", "absolute"),
            ("messages[0].segments[12]", "absolute"),
            ("messages[0].segments[13]", "absolute"),
        ],
    );
}

#[test]
fn tools_omit_empty_descriptions_and_default_the_schema() {
    let schema = r#"{"type":"object","required":["q"],"properties":{"q":{"type":"string"},"limit":{"type":"number","maximum":1.0E2}}}"#;
    let text = envelope_of(&[
        message(
            "s",
            "system",
            1,
            &format!(
                r#"{{"kind":"tool_overview","items":[
                    {{"name":"search","description":"搜索","parameters":"q: string","schema":{schema}}},
                    {{"name":"now","description":"","parameters":""}},
                    {{"name":"search","description":"again","parameters":""}}],"collapsed":true}}"#
            ),
        ),
        message("u", "user", 2, &text("hi")),
    ]);
    let warnings = check(
        &text,
        &format!(
            r#"{{"model":"gpt-4-turbo","max_tokens":4096,
                "system":"- search(q: string): 搜索\n- now(): \n- search(): again",
                "messages":[{{"role":"user","content":[{{"type":"text","text":"hi"}}]}}],
                "tools":[{{"name":"search","description":"搜索","input_schema":{schema}}},
                         {{"name":"now","input_schema":{{"type":"object","properties":{{}}}}}}]}}"#
        ),
    );
    assert_warnings(
        &warnings,
        &[("messages[0].segments[0].items[2].name", "already declared")],
    );
    let no_model = export_to(
        &text.replace(r#""model":"gpt-4-turbo","#, ""),
        Format::Anthropic,
    );
    let request = no_model.request().to_string();
    assert!(
        request.starts_with(r#"{"max_tokens":4096,"system":"- search"#)
            && request.contains(r#"}]}],"tools":[{"name":"search""#),
        "{request}"
    );
}

#[test]
fn requests_outside_assistant_messages_are_left_out_but_counted() {
    let text = envelope_of(&[
        message(
            "u",
            "user",
            1,
            &[text("q"), call("calc", "{}", None)].join(","),
        ),
        message("a", "assistant", 2, &call("calc", r#"{"x":1}"#, None)),
        message("t", "tool", 3, &answer("calc", "1", true, None)),
    ]);
    let warnings = check(
        &text,
        r#"{"model":"gpt-4-turbo","max_tokens":4096,"messages":[
            {"role":"user","content":[{"type":"text","text":"q"}]},
            {"role":"assistant","content":[{"type":"tool_use","id":"call_2","name":"calc","input":{"x":1}}]},
            {"role":"user","content":[{"type":"tool_result","tool_use_id":"call_2","content":"1"}]}]}"#,
    );
    assert_warnings(&warnings, &[("messages[0].segments[1]", "left out")]);
}

#[test]
fn a_text_after_a_request_or_result_in_an_assistant_message_stays_assistant_text() {
    let text = envelope_of(&[
        message("u", "user", 1, &text("q")),
        message(
            "a",
            "assistant",
            2,
            &[
                text("b"),
                call("g", "{}", None),
                answer("g", "r", true, None),
                text("after"),
            ]
            .join(","),
        ),
    ]);
    let warnings = check(
        &text,
        r#"{"model":"gpt-4-turbo","max_tokens":4096,"messages":[
            {"role":"user","content":[{"type":"text","text":"q"}]},
            {"role":"assistant","content":[{"type":"text","text":"b"},{"type":"text","text":"after"},{"type":"tool_use","id":"call_1","name":"g","input":{}}]},
            {"role":"user","content":[{"type":"tool_result","tool_use_id":"call_1","content":"r"}]}]}"#,
    );
    assert_warnings(
        &warnings,
        &[("messages[1].segments[2]", "role \"assistant\"")],
    );
}

#[test]
fn envelopes_with_errors_are_refused() {
    let text = envelope_of(&[message("u", "user", 1, r#"{"kind":"text"}"#)]);
    match pep_core::export_text(&text, Format::Anthropic, Options::default()) {
        Ok(export) => panic!("exported: {}", export.to_pretty_json()),
        Err(issues) => assert_eq!(issues[0].path, "messages[0].segments[0].content"),
    }
}
