//! Redaction of a whole envelope (DECISIONS §8, "Redaction before sharing"): every kind of
//! segment and every string in it, typed places and display paths, named secrets of
//! `static_var`s and tool-call argument keys, `charCount`, validity, idempotence on an
//! envelope and on every demo, and linear time (DECISIONS §9).

mod common;

use common::scaling::assert_scales;
use pep_core::redact::{Finding, SecretKind, redact, scan};
use pep_core::{Envelope, Mode, Place, Segment, SegmentRef};

const GHP: &str = "ghp_Zx81kLmN0pQrStUvWxYz1234567890AbCd";
const AWS: &str = "AKIAZ7QK3M5N2P4R6T8V";
const SLACK: &str = "xoxb-28417539261-39517628402-q7Wm2Rk9Lt4Xv8Nc3Bp6Hd1S";
const GOOGLE: &str = "AIzaSyB3x9Kq2Lm7Np4Rs8Tv1Wx6Yz0Ab5Cd3Ef";
const BEARER: &str = "Qm9vT2xkVG9rZW4x.Zm9vYmFyYmF6cXV4";
const JWT: &str = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0.c2lnbmF0dXJlLW1hZGUtdXA";
const ANTHROPIC: &str =
    "sk-ant-api03-Qw3rTy8UiOp1AsDf5GhJk2LzXc9VbNm4Qw7ErTy0UiOpAsDf6GhJkLzXc3VbNm-AA";

/// An envelope with a secret in each kind of segment and in every kind of string.
fn fixture() -> String {
    let log = format!("部署日志：连接成功 {ANTHROPIC} 完成");
    let chars = log.chars().count();
    format!(
        r#"{{"version":"1.0","model":"gpt-4o","x-deploy":{{"api_key":"Zx9-prod-0001"}},"messages":[
  {{"id":"m1","role":"system","timestamp":1,"segments":[
    {{"kind":"static_var","name":"DB_PASSWORD","value":"hunter2"}},
    {{"kind":"static_var","name":"region","value":"eu-west-1"}},
    {{"kind":"system_prompt","content":"Deploy to {{{{region}}}} with {AWS}.","collapsed":true}},
    {{"kind":"memory","items":[{{"title":"ci","content":"GITHUB_TOKEN={GHP}"}}],"collapsed":true}},
    {{"kind":"skills","items":[{{"name":"notify","description":"posts with token: {SLACK}"}}],"collapsed":true}},
    {{"kind":"tool_overview","items":[{{"name":"http","description":"HTTP","parameters":"url: string",
      "schema":{{"type":"object","properties":{{"token":{{"type":"string","default":"none"}}}}}}}}],"collapsed":true}}
  ]}},
  {{"id":"m2","role":"assistant","timestamp":2,"segments":[
    {{"kind":"tool_call_request","toolName":"http","collapsed":false,"callId":"call_1","arguments":{{
      "url":"https://maps.example/geo?key={GOOGLE}",
      "headers":{{"Authorization":"Bearer {BEARER}","X-Api-Key":"k-123"}},
      "password":"p4ss","tokens":["alpha"],"nested":[{{"client_secret":"cs-9"}}],"token":""}}}}
  ]}},
  {{"id":"m3","role":"tool","timestamp":3,"segments":[
    {{"kind":"tool_call_result","toolName":"http","result":"{{\"access_token\": \"{JWT}\"}}",
      "success":true,"collapsed":true,"callId":"call_1"}}
  ]}},
  {{"id":"m4","role":"user","timestamp":4,"segments":[
    {{"kind":"long_text","content":"{log}","charCount":{chars},"collapsed":true}},
    {{"kind":"document","fileName":"id_ed25519","mimeType":"text/plain","sizeBytes":400,
      "snippet":"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA"}},
    {{"kind":"media","mediaType":"image","url":"https://cdn.example/a.png?token=Abc123xyz9","altText":"chart"}},
    {{"kind":"text","content":"Nothing secret: the token limit, a sha1 3f786850e387550fdab836ed7e6dc881de23001b."}}
  ]}}
]}}"#
    )
}

fn load(text: &str) -> Envelope {
    let loaded = pep_core::load(text, Mode::Strict);
    assert!(!loaded.has_errors(), "{:#?}", loaded.issues);
    loaded.envelope.unwrap_or_else(|| panic!("no envelope"))
}

fn lines(findings: &[Finding]) -> Vec<String> {
    findings.iter().map(ToString::to_string).collect()
}

#[test]
fn every_string_of_every_kind_is_scanned() {
    let envelope = load(&fixture());
    let findings = scan(&envelope);
    assert_eq!(
        lines(&findings),
        [
            "messages[0].segments[0].value: named-secret",
            "messages[0].segments[2].content: aws-key",
            "messages[0].segments[3].items[0].content: github-token",
            "messages[0].segments[4].items[0].description: slack-token",
            "messages[1].segments[0].arguments.url: google-key",
            "messages[1].segments[0].arguments.headers.Authorization: bearer-token",
            "messages[1].segments[0].arguments.headers.X-Api-Key: named-secret",
            "messages[1].segments[0].arguments.password: named-secret",
            "messages[1].segments[0].arguments.nested[0].client_secret: named-secret",
            "messages[2].segments[0].result: jwt",
            "messages[3].segments[0].content: anthropic-key",
            "messages[3].segments[1].snippet: private-key",
            "messages[3].segments[2].url: named-secret",
            "x-deploy.api_key: named-secret",
        ]
    );
    // Typed places: the segment, or none for the envelope's own fields.
    assert_eq!(
        findings[4].place,
        Some(Place::Segment(SegmentRef::new(1, 0)))
    );
    assert_eq!(findings[13].place, None);
    // Ranges are in the string as it is.
    let Some(Segment::ToolCallRequest(call)) = envelope.segment_at(1, 0) else {
        panic!("no call")
    };
    let authorization = call.arguments["headers"]["Authorization"].as_str();
    let range = findings[5].range.clone();
    assert_eq!(authorization.map(|a| &a[range]), Some(BEARER));
    assert_eq!(findings[0].range, 0..7);
}

#[test]
fn redaction_replaces_only_the_secrets_and_keeps_the_envelope_valid() {
    let text = fixture();
    let (redacted, findings) = redact(load(&text));
    assert_eq!(findings, scan(&load(&text)));
    let Some(Segment::StaticVar(var)) = redacted.segment_at(0, 0) else {
        panic!("no static_var")
    };
    assert_eq!(var.value, "[redacted: named-secret]");
    let Some(Segment::ToolCallRequest(call)) = redacted.segment_at(1, 0) else {
        panic!("no call")
    };
    assert_eq!(
        call.arguments["headers"]["Authorization"],
        "Bearer [redacted: bearer-token]"
    );
    assert_eq!(call.arguments["tokens"][0], "alpha");
    assert_eq!(call.arguments["token"], "");
    assert_eq!(call.call_id.as_deref(), Some("call_1"));
    let Some(Segment::LongText(log)) = redacted.segment_at(3, 0) else {
        panic!("no long_text")
    };
    assert_eq!(
        log.content,
        "部署日志：连接成功 [redacted: anthropic-key] 完成"
    );
    assert_eq!(log.char_count, log.content.chars().count() as u64);
    let Some(Segment::Media(media)) = redacted.segment_at(3, 2) else {
        panic!("no media")
    };
    assert_eq!(
        media.url,
        "https://cdn.example/a.png?token=[redacted: named-secret]"
    );
    // The same issues as before: none of the redaction's making (no charCount mismatch).
    let written = redacted.to_value().to_string();
    assert_eq!(pep_core::validate(&written), pep_core::validate(&text));
}

#[test]
fn redacting_twice_finds_nothing_new_and_changes_nothing() {
    let (once, _) = redact(load(&fixture()));
    assert_eq!(scan(&once), []);
    let (twice, again) = redact(once.clone());
    assert_eq!(again, []);
    assert_eq!(twice, once);
}

#[test]
fn every_demo_stays_valid_and_redacts_to_a_fixed_point() {
    let demos = std::fs::read_dir(common::repo().join("demos"))
        .unwrap_or_else(|e| panic!("demos: {e}"))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| name.starts_with("demo-") && name.ends_with(".json"))
        })
        .collect::<Vec<_>>();
    assert!(demos.len() >= 6, "{demos:?}");
    for path in demos {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
        let (redacted, _) = redact(load(&text));
        let written = redacted.to_value().to_string();
        let issues = pep_core::validate(&written);
        assert!(
            !issues.iter().any(|issue| issue.is_error()),
            "{}: {issues:#?}",
            path.display()
        );
        assert_eq!(scan(&redacted), [], "{}", path.display());
    }
}

#[test]
fn invalid_nodes_and_unknown_fields_are_scanned_as_written() {
    let text = format!(
        r#"{{"version":"1.0","messages":[{{"id":"m1","role":"user","timestamp":1,"segments":[
          {{"kind":"nonsense","content":"{GHP}"}},
          {{"kind":"text","content":"ok","x-note":{{"password":"Hunter22"}}}}]}},
          {{"id":"m2","role":"robot","timestamp":2,"segments":[],"note":"{AWS}"}}]}}"#
    );
    let loaded = pep_core::load(&text, Mode::Strict);
    let Some(envelope) = loaded.envelope else {
        panic!("no envelope")
    };
    let (redacted, findings) = redact(envelope);
    assert_eq!(
        lines(&findings),
        [
            "messages[0].segments[0].content: github-token",
            "messages[0].segments[1].x-note.password: named-secret",
            "messages[1].note: aws-key",
        ]
    );
    assert_eq!(findings[2].place, Some(Place::Message(1)));
    let written = redacted.to_value().to_string();
    assert!(
        written.contains(r#""content":"[redacted: github-token]""#),
        "{written}"
    );
    assert!(!written.contains(AWS), "{written}");
}

#[test]
fn a_static_var_named_like_a_secret_is_one_whole_secret() {
    for (name, value, kind) in [
        ("API_KEY", "abc", Some(SecretKind::NamedSecret)),
        ("apiKey", GOOGLE, Some(SecretKind::GoogleKey)),
        ("userToken", "two words", Some(SecretKind::NamedSecret)),
        ("password", "${PASSWORD}", None),
        ("password", "", None),
        ("max_tokens", "4096", None),
        ("greeting", "hello", None),
    ] {
        let text = common::one_message(&format!(
            r#"{{"kind":"static_var","name":"{name}","value":"{value}"}}"#
        ));
        let findings = scan(&load(&text));
        let found: Vec<_> = findings.iter().map(|f| (f.kind, f.range.clone())).collect();
        let expected: Vec<_> = kind
            .map(|kind| (kind, 0..value.len()))
            .into_iter()
            .collect();
        assert_eq!(found, expected, "{name}={value}");
    }
}

/// Scanning is linear for every input (DECISIONS §9): an envelope of many secrets and near
/// misses (here), and strings made to trip a backtracking matcher (prefixes and keys repeated,
/// unclosed blocks and quotes; the two tests below, which cargo's test threads run side by
/// side).
#[test]
fn scanning_is_linear() {
    let envelope_of = |n: usize| {
        let segment = format!(
            r#"{{"kind":"text","content":"key {GHP} and password=Hunter22, sha 3f786850e387550fdab836ed7e6dc881de23001b, Bearer {BEARER}"}}"#
        );
        common::one_message(&vec![segment; n].join(","))
    };
    let load_and_scan = |text: &str| {
        let loaded = pep_core::load(text, Mode::Strict);
        std::hint::black_box(loaded.envelope.as_ref().map(scan));
    };
    assert_scales("redact: envelope", 1_000, 8, envelope_of, load_and_scan);
}

#[test]
fn scanning_repeated_token_prefixes_is_linear() {
    scans_repeated_units_linearly(&[
        "sk-",
        "xoxb-",
        "eyJ.",
        "eyJhbGciOi.",
        "Bearer ",
        "bearer a1",
        "AKIA",
        "ghp_a1",
    ]);
}

#[test]
fn scanning_repeated_keys_and_blocks_is_linear() {
    scans_repeated_units_linearly(&[
        "-----BEGIN ",
        "-----BEGIN RSA PRIVATE KEY-----",
        "password=",
        "token: \"",
        "api_key ",
        ";base64,",
        "a",
    ]);
}

/// Each unit repeated to about 100 kB (and 400 kB) is scanned in linear time.
fn scans_repeated_units_linearly(units: &[&str]) {
    for unit in units {
        let text = |n: usize| unit.repeat(n);
        let scan_text = |text: &str| {
            std::hint::black_box(pep_core::redact::scan_text(text));
        };
        let n = 100_000 / unit.len();
        assert_scales(&format!("redact: {unit:?} repeated"), n, 8, text, scan_text);
    }
}
