//! A `data:` url is never written into text (DECISIONS §3): without altText, audio, video and
//! images that become text are `[Audio]`, `[Video]`, `[Image]`, in the head and in messages, in
//! the OpenAI export and the same texts in the Anthropic and MCP ones.

use pep_core::export::Format;
use serde_json::json;

use super::check;
use crate::common::{
    assert_warnings, envelope_of, export_to, media, message, text_segment as text,
};

/// The envelope of the test below: media with `data:` urls, with and without altText, in the
/// head and in user and assistant messages, and a user image next to text (an image part).
fn media_envelope() -> String {
    envelope_of(&[
        message(
            "s",
            "system",
            1,
            &[
                r#"{"kind":"system_prompt","content":"S","collapsed":true}"#.to_owned(),
                media("image", "data:image/png;base64,AA", ""),
                media("audio", "data:audio/mpeg;base64,AA", ""),
            ]
            .join(","),
        ),
        message(
            "u",
            "user",
            2,
            &[
                media("audio", "data:audio/mpeg;base64,AA", ""),
                media("audio", "data:audio/mpeg;base64,AA", "语音"),
                media("audio", "data:audio/wav,raw", ""),
                media("video", "Data:video/mp4;base64,AA", ""),
                media("video", "data:video/webm;base64,AA", "片"),
            ]
            .join(","),
        ),
        message(
            "a",
            "assistant",
            3,
            &[
                media("image", "data:image/png;base64,AA", ""),
                r#"{"kind":"media","mediaType":"image","url":"data:image/png;base64,AA","altText":""}"#
                    .to_owned(),
                media("image", "data:image/gif;base64,R0", "动图"),
                media("image", "https://x/p.png", ""),
            ]
            .join(","),
        ),
        message(
            "u2",
            "user",
            4,
            &[text("看"), media("image", "data:image/png;base64,AA", "")].join(","),
        ),
    ])
}

#[test]
fn a_data_url_is_never_written_into_text() {
    let env = media_envelope();
    let expected = json!({"model": "gpt-4-turbo", "messages": [
        {"role": "system", "content": "S\n\n[Image]\n\n[Audio]"},
        {"role": "user", "content": "[Audio]\n\n[Audio: 语音]\n\n[Audio]\n\n[Video]\n\n[Video: 片]"},
        {"role": "assistant", "content": "[Image]\n\n[Image]\n\n[Image: 动图]\n\n[Image: https://x/p.png]"},
        {"role": "user", "content": [
            {"type": "text", "text": "看"},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,AA"}}]}]});
    assert_warnings(&check(&env, Format::OpenAi, &expected), &[]);
    // The other exports write the same texts (and no data: url into any text block).
    let anthropic = export_to(&env, Format::Anthropic).request();
    assert_eq!(anthropic["system"], "S\n\n[Image]\n\n[Audio]");
    assert_eq!(
        anthropic["messages"][1]["content"][1].to_string(),
        r#"{"type":"text","text":"[Image]"}"#
    );
    let mcp = export_to(&env, Format::Mcp).request();
    let texts: Vec<&str> = mcp["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|m| m["content"]["text"].as_str())
        .collect();
    assert_eq!(
        texts,
        [
            "S\n\n[Image]\n\n[Audio]",
            "[Audio]",
            "[Video]",
            "[Video: 片]",
            "[Image]",
            "[Image]",
            "[Image: 动图]",
            "[Image: https://x/p.png]",
            "看"
        ]
    );
}
