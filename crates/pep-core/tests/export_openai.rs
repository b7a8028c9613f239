//! Golden tests for the OpenAI export (spec §5, DECISIONS §2–§3). Every expected request is
//! written by hand from the rules; key order is checked by comparing compact JSON text. The
//! tool calls and results are in `tools`.

mod common;
#[path = "export_openai/tools.rs"]
mod tools;

use common::{envelope, export, json, message};

/// Asserts the request equals `expected` (key order included) and returns the warnings as
/// display strings.
fn check(text: &str, expected: &str) -> Vec<String> {
    let export = export(text);
    assert_eq!(
        export.request().to_string(),
        json(expected).to_string(),
        "\nactual:\n{}",
        export.to_pretty_json()
    );
    export.warnings.iter().map(ToString::to_string).collect()
}

fn msgs(messages: &[String]) -> String {
    envelope(&messages.join(","))
}

const HI: &str = r#"{"kind":"text","content":"你好！"}"#;

#[test]
fn spec_minimal_example() {
    let text = common::read("tests/fixtures/valid/01-minimal.json");
    let warnings = check(
        &text,
        r#"{"model":"gpt-4-turbo","messages":[
            {"role":"system","content":"你是一个有用的助手。"},
            {"role":"user","content":"你好！"},
            {"role":"assistant","content":"你好！有什么可以帮助你的吗？"}]}"#,
    );
    assert_eq!(warnings, Vec::<String>::new());
}

#[test]
fn pretty_output_uses_two_spaces_and_raw_non_ascii() {
    let text = msgs(&[message("u", "user", 1, HI)]);
    assert_eq!(
        export(&text).to_pretty_json(),
        "{\n  \"model\": \"gpt-4-turbo\",\n  \"messages\": [\n    {\n      \"role\": \"user\",\n      \"content\": \"你好！\"\n    }\n  ]\n}"
    );
}

#[test]
fn templates_expand_in_system_prompts_only() {
    let text = msgs(&[
        message(
            "s",
            "system",
            1,
            r#"{"kind":"static_var","name":"date","value":"2026年6月7日"},
               {"kind":"static_var","name":"price","value":"$1 {{date}}"},
               {"kind":"static_var","name":"empty","value":""},
               {"kind":"static_var","name":"date","value":"ignored"},
               {"kind":"system_prompt","content":"日期：{{date}}|{{ date }}|{{{date}}}|{{price}}|[{{empty}}]|{{ nope  }}|{{a, b}}|{x}|{{\tdate}}","collapsed":true}"#,
        ),
        message(
            "u",
            "user",
            2,
            r#"{"kind":"text","content":"{{date}} stays"}"#,
        ),
    ]);
    let warnings = check(
        &text,
        r#"{"model":"gpt-4-turbo","messages":[
            {"role":"system","content":"日期：2026年6月7日|2026年6月7日|{2026年6月7日}|$1 {{date}}|[]|{{ nope  }}|{{a, b}}|{x}|{{\tdate}}"},
            {"role":"user","content":"{{date}} stays"}]}"#,
    );
    assert_eq!(
        warnings,
        [
            "warning messages[0].segments[3].name: static_var \"date\" is already defined at messages[0].segments[0]; the first definition wins",
            "warning messages[0].segments[4].content: static_var \"empty\" has an empty value; {{empty}} expands to \"\"",
            "warning messages[0].segments[4].content: placeholder {{ nope  }} has no static_var named \"nope\"; it stays as written",
        ]
    );
}

#[test]
fn head_system_message_gathers_structural_segments_in_envelope_order() {
    let text = msgs(&[
        message(
            "s",
            "system",
            1,
            r#"{"kind":"system_prompt","content":"  指令  ","collapsed":true},
               {"kind":"memory","description":"关于你","items":[{"title":"身份","content":"研究生"},{"title":"偏好","content":"先结论"}],"collapsed":true},
               {"kind":"text","content":"system text"}"#,
        ),
        message(
            "u",
            "user",
            2,
            r#"{"kind":"skills","description":"","items":[{"name":"pdf","description":"读 PDF"}],"collapsed":true},
               {"kind":"text","content":"问题"},
               {"kind":"tool_overview","items":[{"name":"search","description":"搜索","parameters":"query: string"},{"name":"search","description":"again","parameters":""}],"collapsed":true}"#,
        ),
        message(
            "s2",
            "system",
            3,
            r#"{"kind":"media","mediaType":"image","url":"https://x/a.png"},
               {"kind":"media","mediaType":"image","url":"b.png","altText":"图"},
               {"kind":"memory","items":[{"title":"t","content":"c"}],"collapsed":false}"#,
        ),
    ]);
    let warnings = check(
        &text,
        r#"{"model":"gpt-4-turbo","messages":[
            {"role":"system","content":"  指令  \n\n关于你\n- 身份: 研究生\n- 偏好: 先结论\n\nsystem text\n\n- /pdf: 读 PDF\n\n- search(query: string): 搜索\n- search(): again\n\n[Image: https://x/a.png]\n\n[Image: 图]\n\n- t: c"},
            {"role":"user","content":"问题"}],
          "tools":[{"type":"function","function":{"name":"search","description":"搜索","parameters":{"type":"object","properties":{}}}}]}"#,
    );
    assert_eq!(
        warnings,
        [
            "warning messages[1].segments[2].items[1].name: tool \"search\" is already declared at messages[1].segments[2].items[0]; the first declaration is exported"
        ]
    );
}

#[test]
fn no_structural_content_means_no_system_message_and_empty_messages_drop() {
    let text = msgs(&[
        message(
            "s",
            "system",
            1,
            r#"{"kind":"static_var","name":"x","value":"1"}"#,
        ),
        message(
            "u",
            "user",
            2,
            r#"{"kind":"static_var","name":"y","value":"2"},{"kind":"text","content":""}"#,
        ),
        message("a", "assistant", 3, HI),
    ]);
    let warnings = check(
        &text,
        r#"{"model":"gpt-4-turbo","messages":[{"role":"assistant","content":"你好！"}]}"#,
    );
    assert_eq!(warnings, Vec::<String>::new());
}

#[test]
fn text_like_segments_and_document_sizes() {
    let doc = |name: &str, size: u64| {
        format!(
            r#"{{"kind":"document","fileName":"{name}","mimeType":"application/pdf","snippet":"摘要…","sizeBytes":{size},"parsedContent":"never exported"}}"#
        )
    };
    let segments = [
        r#"{"kind":"text","content":"\n 原样 \n"}"#.to_owned(),
        r#"{"kind":"long_text","content":"行1\n行2","charCount":5,"collapsed":true}"#.to_owned(),
        doc("a.txt", 1023),
        doc("b.pdf", 1024),
        doc("c.pdf", 1_048_575),
        doc("d.pdf", 2_845_000),
        doc("e.bin", 1_073_741_824),
        r#"{"kind":"media","mediaType":"audio","url":"a.mp3","altText":"录音"}"#.to_owned(),
        r#"{"kind":"media","mediaType":"video","url":"v.mp4","altText":""}"#.to_owned(),
    ]
    .join(",");
    let text = msgs(&[message("u", "user", 1, &segments)]);
    let content = [
        "\n 原样 \n",
        "行1\n行2",
        "[Document: a.txt (1023 B)]\n摘要…",
        "[Document: b.pdf (1.0 KB)]\n摘要…",
        "[Document: c.pdf (1024.0 KB)]\n摘要…",
        "[Document: d.pdf (2.7 MB)]\n摘要…",
        "[Document: e.bin (1.0 GB)]\n摘要…",
        "[Audio: 录音]",
        "[Video: v.mp4]",
    ]
    .join("\n\n");
    let expected = serde_json::json!({
        "model": "gpt-4-turbo",
        "messages": [{"role": "user", "content": content}]
    });
    assert_eq!(export(&text).request().to_string(), expected.to_string());
}

#[test]
fn user_images_make_content_parts() {
    let text = msgs(&[
        message(
            "u1",
            "user",
            1,
            r#"{"kind":"text","content":"这张图片是什么？"},{"kind":"text","content":"第二段"},
               {"kind":"media","mediaType":"image","url":"cat.svg","altText":"猫"},
               {"kind":"media","mediaType":"audio","url":"a.mp3"},
               {"kind":"text","content":""}"#,
        ),
        message(
            "u2",
            "user",
            2,
            r#"{"kind":"media","mediaType":"image","url":"data:image/png;base64,AA"}"#,
        ),
        message(
            "a",
            "assistant",
            3,
            r#"{"kind":"media","mediaType":"image","url":"out.png","altText":"生成的图"}"#,
        ),
    ]);
    check(
        &text,
        r#"{"model":"gpt-4-turbo","messages":[
            {"role":"user","content":[
                {"type":"text","text":"这张图片是什么？"},
                {"type":"text","text":"第二段"},
                {"type":"image_url","image_url":{"url":"cat.svg"}},
                {"type":"text","text":"[Audio: a.mp3]"}]},
            {"role":"user","content":[{"type":"image_url","image_url":{"url":"data:image/png;base64,AA"}}]},
            {"role":"assistant","content":"[Image: 生成的图]"}]}"#,
    );
}

#[test]
fn tools_keep_schema_exactly_and_model_is_optional() {
    let schema = r#"{"type":"object","required":["q"],"properties":{"q":{"type":"string"},"limit":{"type":"number","maximum":1.0E2}}}"#;
    let text = msgs(&[message(
        "s",
        "system",
        1,
        &format!(
            r#"{{"kind":"tool_overview","items":[{{"name":"search","description":"搜索","parameters":"q: string","schema":{schema}}},{{"name":"now","description":"时间","parameters":""}}],"collapsed":true}}"#
        ),
    )])
    .replace(r#""model":"gpt-4-turbo","#, "");
    let warnings = check(
        &text,
        &format!(
            r#"{{"messages":[{{"role":"system","content":"- search(q: string): 搜索\n- now(): 时间"}}],
               "tools":[
                 {{"type":"function","function":{{"name":"search","description":"搜索","parameters":{schema}}}}},
                 {{"type":"function","function":{{"name":"now","description":"时间","parameters":{{"type":"object","properties":{{}}}}}}}}]}}"#
        ),
    );
    assert_eq!(
        warnings,
        ["warning model: no model given; the request has no \"model\" key"]
    );
    assert!(
        export(&text)
            .request()
            .to_string()
            .contains(r#""maximum":1.0E2"#)
    );
    let empty_model = msgs(&[message("u", "user", 1, HI)]).replace("gpt-4-turbo", "");
    assert_eq!(
        export(&empty_model).request().to_string(),
        r#"{"messages":[{"role":"user","content":"你好！"}]}"#
    );
}

#[test]
fn unknown_fields_never_reach_the_export() {
    let text = msgs(&[message(
        "u",
        "user",
        1,
        r#"{"kind":"text","content":"a","extra":"x"}"#,
    )])
    .replacen('{', r#"{"note":1,"#, 1);
    check(
        &text,
        r#"{"model":"gpt-4-turbo","messages":[{"role":"user","content":"a"}]}"#,
    );
}

#[test]
fn the_cli_path_refuses_envelopes_with_errors() {
    let text = msgs(&[message("u", "user", 1, r#"{"kind":"text"}"#)]);
    match pep_core::export_text(
        &text,
        pep_core::Format::OpenAi,
        pep_core::Options::default(),
    ) {
        Ok(export) => panic!("exported: {}", export.to_pretty_json()),
        Err(issues) => assert_eq!(issues[0].path, "messages[0].segments[0].content"),
    }
}

#[test]
fn the_viewer_path_exports_valid_parts_and_lists_what_it_left_out() {
    let text = msgs(&[
        message(
            "u",
            "user",
            1,
            &format!(r#"{HI},{{"kind":"text","content":7}}"#),
        ),
        message("x", "nobody", 2, HI),
        message("a", "assistant", 3, HI),
    ]);
    let loaded = pep_core::load(&text, pep_core::Mode::Repair);
    let Some(envelope) = loaded.envelope else {
        panic!("no envelope")
    };
    let export = pep_core::export::export(
        &envelope,
        pep_core::Format::OpenAi,
        pep_core::Options::default(),
    );
    assert_eq!(
        export.request().to_string(),
        r#"{"model":"gpt-4-turbo","messages":[{"role":"user","content":"你好！"},{"role":"assistant","content":"你好！"}]}"#
    );
    let warnings: Vec<String> = export.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        warnings,
        [
            "warning messages[0].segments[1]: left out of the export because it is invalid",
            "warning messages[1]: left out of the export because it is invalid",
        ]
    );
}

#[test]
fn collapse_state_never_changes_the_export() {
    for demo in common::DEMOS {
        let text = common::read(&format!("demos/{demo}"));
        let flipped = text
            .replace("\"collapsed\": true", "\"collapsed\": @")
            .replace("\"collapsed\": false", "\"collapsed\": true")
            .replace("\"collapsed\": @", "\"collapsed\": false");
        assert_ne!(text, flipped, "{demo} has collapsible segments");
        assert_eq!(
            export(&text).to_pretty_json(),
            export(&flipped).to_pretty_json(),
            "{demo}"
        );
    }
}
