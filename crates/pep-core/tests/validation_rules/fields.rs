//! DECISIONS §1 for the fields of a segment, rule by rule: which are required and of what
//! type, counts and charCount, media types and url schemes, `collapsed` exactly where the spec
//! asks for it, and unknown or ignored fields as warnings. Each issue is expected at the path
//! of the field itself, since that is where the viewer and the CLI send the reader to fix it.

use pep_core::{Problem, Severity::Error, Severity::Warning, StructureProblem};

use super::{TEXT, paths};
use crate::common::{envelope, issue_paths, issues, message, one_message};

#[test]
fn required_fields_missing_or_of_the_wrong_type() {
    let cases = [
        (r#"{"kind":"static_var","name":"a"}"#, "value"),
        (
            r#"{"kind":"static_var","name":"a","value":"v","description":7}"#,
            "description",
        ),
        (
            r#"{"kind":"system_prompt","content":null,"collapsed":true}"#,
            "content",
        ),
        (
            r#"{"kind":"skills","items":[{"name":"pdf"}],"collapsed":true}"#,
            "items[0].description",
        ),
        (
            r#"{"kind":"tool_overview","items":[{"name":"a","description":"b"}],"collapsed":true}"#,
            "items[0].parameters",
        ),
        (
            r#"{"kind":"tool_overview","items":[{"name":"a","description":"b","parameters":"","schema":[]}],"collapsed":true}"#,
            "items[0].schema",
        ),
        (
            r#"{"kind":"tool_call_request","toolName":"a","arguments":"{}","collapsed":false}"#,
            "arguments",
        ),
        (
            r#"{"kind":"tool_call_result","toolName":"a","result":"r","success":"true","collapsed":true}"#,
            "success",
        ),
        (
            r#"{"kind":"document","fileName":"a","mimeType":"b","sizeBytes":1}"#,
            "snippet",
        ),
        (
            r#"{"kind":"document","fileName":"a","mimeType":"b","snippet":"s","sizeBytes":"1"}"#,
            "sizeBytes",
        ),
        (
            r#"{"kind":"long_text","content":"a","collapsed":true}"#,
            "charCount",
        ),
        (r#"{"kind":"media","mediaType":"image"}"#, "url"),
        (
            r#"{"kind":"media","mediaType":"image","url":"a.png","altText":false}"#,
            "altText",
        ),
        (r#"{"kind":"memory","items":{},"collapsed":true}"#, "items"),
        (
            r#"{"kind":"memory","items":["x"],"collapsed":true}"#,
            "items[0]",
        ),
    ];
    for (segment, field) in cases {
        let text = one_message(segment);
        let expected = format!("messages[0].segments[0].{field}");
        let found: Vec<_> = issue_paths(&text)
            .into_iter()
            .filter(|(s, _)| *s == Error)
            .collect();
        assert_eq!(found, vec![(Error, expected)], "{segment}");
    }
}

#[test]
fn empty_items_are_errors() {
    for kind in ["memory", "skills", "tool_overview"] {
        let text = one_message(&format!(
            r#"{{"kind":"{kind}","items":[],"collapsed":true}}"#
        ));
        assert_eq!(
            issue_paths(&text),
            paths(&[(Error, "messages[0].segments[0].items")]),
            "{kind}"
        );
    }
}

#[test]
fn collapsed_is_required_exactly_where_the_spec_requires_it() {
    let without = [
        r#"{"kind":"system_prompt","content":"a"}"#,
        r#"{"kind":"memory","items":[{"title":"t","content":"c"}]}"#,
        r#"{"kind":"skills","items":[{"name":"pdf","description":"d"}]}"#,
        r#"{"kind":"tool_overview","items":[{"name":"a","description":"b","parameters":"p"}]}"#,
        r#"{"kind":"long_text","content":"ab","charCount":2}"#,
    ];
    for segment in without {
        let text = one_message(segment);
        assert_eq!(
            issue_paths(&text),
            paths(&[(Error, "messages[0].segments[0].collapsed")]),
            "{segment}"
        );
    }
    let request = envelope(&format!(
        "{},{}",
        message(
            "m1",
            "assistant",
            1,
            r#"{"kind":"tool_call_request","toolName":"t","arguments":{}}"#
        ),
        message(
            "m2",
            "tool",
            2,
            r#"{"kind":"tool_call_result","toolName":"t","result":"r","success":true}"#
        )
    ));
    assert_eq!(
        issue_paths(&request),
        paths(&[
            (Error, "messages[0].segments[0].collapsed"),
            (Error, "messages[1].segments[0].collapsed"),
        ])
    );
    for segment in [
        TEXT,
        r#"{"kind":"document","fileName":"a","mimeType":"b","snippet":"c","sizeBytes":0}"#,
        r#"{"kind":"media","mediaType":"audio","url":"a.mp3"}"#,
    ] {
        assert_eq!(issue_paths(&one_message(segment)), vec![], "{segment}");
    }
}

#[test]
fn negative_and_fractional_counts() {
    let doc = |size: &str| {
        one_message(&format!(
            r#"{{"kind":"document","fileName":"a","mimeType":"b","snippet":"c","sizeBytes":{size}}}"#
        ))
    };
    for (size, problem) in [
        (
            "-1",
            Problem::Structure(StructureProblem::Negative { found: "-1".into() }),
        ),
        (
            "12.5",
            Problem::Structure(StructureProblem::NotInteger {
                found: "12.5".into(),
            }),
        ),
        (
            "1024.0",
            Problem::Structure(StructureProblem::NotInteger {
                found: "1024.0".into(),
            }),
        ),
        (
            "1e3",
            Problem::Structure(StructureProblem::NotInteger {
                found: "1e3".into(),
            }),
        ),
    ] {
        let found = issues(&doc(size));
        assert_eq!(found.len(), 1, "{size}");
        assert_eq!(found[0].path, "messages[0].segments[0].sizeBytes");
        assert_eq!(found[0].problem, problem);
    }
    let long = one_message(r#"{"kind":"long_text","content":"","charCount":-2,"collapsed":true}"#);
    assert_eq!(
        issue_paths(&long),
        paths(&[(Error, "messages[0].segments[0].charCount")])
    );
}

#[test]
fn media_type_must_be_image_audio_or_video() {
    let text = one_message(r#"{"kind":"media","mediaType":"Image","url":"a.png"}"#);
    assert_eq!(
        issue_paths(&text),
        paths(&[(Error, "messages[0].segments[0].mediaType")])
    );
}

#[test]
fn unknown_fields_warn_at_their_own_path_at_every_level() {
    let text = envelope(&message(
        "m1",
        "user",
        1,
        r#"{"kind":"memory","items":[{"title":"t","content":"c","pinned":true}],"collapsed":true,"color":"red"}"#,
    ))
    .replace(r#""id":"m1""#, r#""id":"m1","author":"me""#);
    assert_eq!(
        issue_paths(&text),
        paths(&[
            (Warning, "messages[0].author"),
            (Warning, "messages[0].segments[0].color"),
            (Warning, "messages[0].segments[0].items[0].pinned"),
        ])
    );
}

#[test]
fn char_count_must_match_unicode_scalar_values() {
    // "日志🙂" is 3 scalar values, 7 UTF-16 units would be 4, bytes 10.
    let ok =
        one_message(r#"{"kind":"long_text","content":"日志🙂","charCount":3,"collapsed":true}"#);
    assert_eq!(issue_paths(&ok), vec![]);
    let off =
        one_message(r#"{"kind":"long_text","content":"日志🙂","charCount":4,"collapsed":true}"#);
    let found = issues(&off);
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].to_string(),
        "warning messages[0].segments[0].charCount: charCount is 4 but the content has 3 characters"
    );
}

#[test]
fn media_url_schemes() {
    let media = |url: &str| {
        one_message(&format!(
            r#"{{"kind":"media","mediaType":"image","url":"{url}"}}"#
        ))
    };
    for url in [
        "https://a/b.png",
        "http://a",
        "cat.svg",
        "data:image/png;base64,AA",
        "data:video/mp4,AA",
    ] {
        assert_eq!(issue_paths(&media(url)), vec![], "{url}");
    }
    for url in [
        "javascript:alert(1)",
        "data:text/html,x",
        "ftp://a/b",
        "file:///etc/passwd",
    ] {
        assert_eq!(
            issue_paths(&media(url)),
            paths(&[(Warning, "messages[0].segments[0].url")]),
            "{url}"
        );
    }
}

#[test]
fn skill_body_and_empty_model_warn() {
    let text = one_message(r#"{"kind":"skills","items":[{"name":"pdf","description":"d","body":"Body"}],"collapsed":true}"#)
        .replace(r#""model":"gpt-4-turbo""#, r#""model":"""#);
    let found: Vec<String> = issues(&text).iter().map(ToString::to_string).collect();
    assert_eq!(
        found,
        [
            "warning model: model is empty",
            "warning messages[0].segments[0].items[0].body: a skill `body` is not part of the protocol (spec §4.3) and is ignored",
        ]
    );
    let numeric = one_message(
        r#"{"kind":"skills","items":[{"name":"pdf","description":"d","body":5}],"collapsed":true}"#,
    );
    assert_eq!(
        issue_paths(&numeric),
        paths(&[(Warning, "messages[0].segments[0].items[0].body")]),
        "a body of any type is only ignored"
    );
    let absent = one_message(TEXT).replace(r#""model":"gpt-4-turbo","#, "");
    assert_eq!(
        issue_paths(&absent),
        vec![],
        "an absent model is fine for validation"
    );
}
