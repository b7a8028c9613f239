//! The detectors one by one: exact ranges, names, placeholders, and how candidates combine.
//! The corpus of made-up secrets and near misses is `tests/redact_corpus.rs`.

use super::named::words;
use super::{Hit, SecretKind, is_placeholder, is_secret_name, scan_text, scan_value};

/// The (kind, text) of every hit in `text`.
fn found(text: &str) -> Vec<(SecretKind, &str)> {
    scan_text(text)
        .into_iter()
        .map(|hit| (hit.kind, &text[hit.range]))
        .collect()
}

const TOKEN: &str = "a1B2c3D4e5F6g7H8i9J0";

#[test]
fn bearer_replaces_only_the_token() {
    let text = format!("Authorization: Bearer {TOKEN}");
    let hits = scan_text(&text);
    assert_eq!(
        hits,
        [Hit {
            kind: SecretKind::BearerToken,
            range: 22..42
        }]
    );
    assert_eq!(&text[22..42], TOKEN);
    // Blanks after `Bearer`, any case, a full stop after the token.
    let text = format!("use bearer \t{TOKEN}.");
    assert_eq!(found(&text), [(SecretKind::BearerToken, TOKEN)]);
    let (redacted, _) = redact_text(&format!("-H 'Authorization: Bearer {TOKEN}' -d x"));
    assert_eq!(
        redacted,
        "-H 'Authorization: Bearer [redacted: bearer-token]' -d x"
    );
    // Not a word, no blank, or a token too short or without digits: no bearer token.
    for text in [
        format!("xBearer {TOKEN}"),
        format!("Bearer{TOKEN}"),
        "Bearer abc123".to_owned(),
        "Bearer TokenAuthenticationScheme".to_owned(),
    ] {
        assert_eq!(found(&text), [], "{text}");
    }
}

/// [`super::redact`] on one string, through the same path as an envelope's.
fn redact_text(text: &str) -> (String, Vec<Hit>) {
    let hits = scan_text(text);
    (super::text::replace(text, &hits), hits)
}

#[test]
fn a_private_key_block_runs_from_begin_through_end() {
    let block = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo\n\
                 AKIAABCDEFGHIJKLMNOP\n-----END RSA PRIVATE KEY-----";
    let text = format!("before\n{block}\nafter");
    let hits = scan_text(&text);
    assert_eq!(
        hits,
        [Hit {
            kind: SecretKind::PrivateKey,
            range: 7..7 + block.len()
        }]
    );
    assert_eq!(
        redact_text(&text).0,
        "before\n[redacted: private-key]\nafter"
    );
    // A key cut before its END line is redacted to the end of the string.
    let cut = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA";
    assert_eq!(
        found(&format!("log: {cut}")),
        [(SecretKind::PrivateKey, cut)]
    );
    // A PGP block; a public key and a certificate are no secrets.
    let pgp = "-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\n\nlQ\n\
               -----END PGP PRIVATE KEY BLOCK-----";
    assert_eq!(found(pgp), [(SecretKind::PrivateKey, pgp)]);
    // In a string of code, the lines are `\n` written out.
    let escaped = concat!(
        r"-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIIrYSSNQFaA2Hwf1duRSxKtLYX5C",
        r"\n-----END EC PRIVATE KEY-----"
    );
    assert_eq!(found(escaped), [(SecretKind::PrivateKey, escaped)]);
    // The markers alone, as constants in code, are no key.
    let markers = "START = b\"-----BEGIN OPENSSH PRIVATE KEY-----\"\n\
                   END = b\"-----END OPENSSH PRIVATE KEY-----\"";
    assert_eq!(found(markers), []);
    assert_eq!(found("-----BEGIN RSA PRIVATE KEY-----"), []);
    assert_eq!(
        found("-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----"),
        []
    );
    // Two blocks are two findings.
    let two = format!("{block}\n{block}");
    assert_eq!(scan_text(&two).len(), 2);
}

#[test]
fn prefixes_need_a_word_boundary() {
    let key = "sk-abcdefghij0123456789ABCDEFGHIJ";
    assert_eq!(found(&format!("key={key}")), [(SecretKind::OpenAiKey, key)]);
    for text in [
        "task-abcdefghij0123456789ABCDEFGHIJ",
        "disk-abcdefghij0123456789ABCDEFGHIJ",
        "my_sk-abcdefghij0123456789ABCDEFGHIJ",
        "xAKIAABCDEFGHIJ234567",
        "AKIAABCDEFGHIJ234567x",
    ] {
        assert_eq!(found(text), [], "{text}");
    }
    assert_eq!(
        found("(AKIAABCDEFGHIJ234567)"),
        [(SecretKind::AwsKey, "AKIAABCDEFGHIJ234567")]
    );
}

#[test]
fn one_secret_one_finding_under_its_most_telling_kind() {
    let key = "sk-proj-abcdefghij0123456789ABCDEFGHIJ";
    // The named value is the key itself: the key's kind.
    assert_eq!(
        found(&format!("OPENAI_API_KEY=\"{key}\"")),
        [(SecretKind::OpenAiKey, key)]
    );
    // A JWT after `Bearer` is a bearer token.
    let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlMTIzNDU2";
    assert_eq!(
        found(&format!("Bearer {jwt}")),
        [(SecretKind::BearerToken, jwt)]
    );
    assert_eq!(found(&format!("jwt {jwt}")), [(SecretKind::Jwt, jwt)]);
    // Several in one string, by position.
    let text = format!("a={key} password=Hunter22 b={jwt}");
    assert_eq!(
        found(&text),
        [
            (SecretKind::OpenAiKey, key),
            (SecretKind::NamedSecret, "Hunter22"),
            (SecretKind::Jwt, jwt)
        ]
    );
    assert_eq!(
        redact_text(&text).0,
        "a=[redacted: openai-key] password=[redacted: named-secret] b=[redacted: jwt]"
    );
}

#[test]
fn base64_media_is_not_scanned() {
    let inside = "AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q";
    assert_eq!(found(inside), [(SecretKind::GoogleKey, inside)]);
    assert_eq!(
        found(&format!("data:image/png;base64,iVBO/{inside}/AAAA")),
        []
    );
    // Text after the payload is scanned again.
    let text = format!("![x](data:image/png;base64,iVBORw0K) {inside}");
    assert_eq!(found(&text), [(SecretKind::GoogleKey, inside)]);
}

#[test]
fn named_secrets_in_text() {
    for (text, value) in [
        ("password: hunter2!", "hunter2!"),
        ("DB_PASSWORD=s3cr3t", "s3cr3t"),
        (r#"{"apiKey": "Zm9vYmFy1"}"#, "Zm9vYmFy1"),
        (r#"{\"client_secret\": \"Abc123xyz\"}"#, "Abc123xyz"),
        ("?access_token=AbCdEf123&x=1", "AbCdEf123"),
        ("token := 'qwerty12'", "qwerty12"),
        ("SECRET => Pa55word.", "Pa55word"),
    ] {
        assert_eq!(found(text), [(SecretKind::NamedSecret, value)], "{text}");
    }
    for text in [
        "the token limit",
        "password reset flow",
        "secret sauce",
        "Token: a unit",
        "password: ***",
        "password=<your password>",
        "api_key=${API_KEY}",
        "secret: ''",
        "token: xxxxxxxx",
        "max_tokens: 4096",
        "password:\nhunter2!",
        "Password: self-service",
        "token=[redacted: jwt]",
        "paren_token: parenthesized!",
        "token::Paren2",
        "password = sha256(pw2)",
        r#"{"token": "Hello", "logprob": -0.31}"#,
        "secret: 12345678",
        "MasterSecret => 0x0017,",
        "Token: '#ABB2BF',",
        "pub const INET6_TOKEN: _bindgen_ty_7 = 7;",
    ] {
        assert_eq!(found(text), [], "{text}");
    }
}

#[test]
fn secret_like_names() {
    for name in [
        "password",
        "DB_PASSWORD",
        "passwd",
        "token",
        "access_token",
        "accessToken",
        "GITHUB_TOKEN",
        "secret",
        "client_secret",
        "api_key",
        "apiKey",
        "APIKey",
        "apikey",
        "x-api-key",
        "OPENAI_API_KEY",
        "aws_secret_access_key",
        "privateKey",
        "X-Auth-Token",
        "oauth2Token",
    ] {
        assert!(is_secret_name(name), "{name}");
    }
    for name in [
        "max_tokens",
        "tokens",
        "token_count",
        "tokenizer",
        "next_page_token",
        "pageToken",
        "eos_token",
        "secret_name",
        "password_reset_url",
        "key",
        "primary_key",
        "keyboard",
        "",
        "_",
    ] {
        assert!(!is_secret_name(name), "{name}");
    }
    assert_eq!(
        words("myAPIKey_v2-x.y"),
        ["my", "API", "Key", "v2", "x", "y"]
    );
}

#[test]
fn placeholders() {
    for value in [
        "",
        "  ",
        "***",
        "xxx",
        "XXXXXXXX",
        "••••",
        "sk-...abcd",
        "<your key>",
        "${API_KEY}",
        "{{token}}",
        "$TOKEN",
        "%TOKEN%",
        "OPENAI_API_KEY",
        "your-api-key",
        "paste-token-here",
        "null",
        "[redacted: named-secret]",
    ] {
        assert!(is_placeholder(value), "{value:?}");
    }
    for value in [
        "hunter2",
        "correct horse",
        "s3cr3t",
        "$5dollars",
        "not-a-known-shape-but-secret",
    ] {
        assert!(!is_placeholder(value), "{value:?}");
    }
}

#[test]
fn a_named_value_is_a_secret_as_a_whole() {
    assert_eq!(
        scan_value("password", " hunter2 "),
        [Hit {
            kind: SecretKind::NamedSecret,
            range: 0..9
        }]
    );
    // Exactly one known secret: its kind, its range.
    let key = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";
    assert_eq!(
        scan_value("token", &format!(" {key}\n")),
        [Hit {
            kind: SecretKind::GitHubToken,
            range: 1..41
        }]
    );
    // More than the secret: the whole value.
    assert_eq!(
        scan_value("token", &format!("Bearer {key}")),
        [Hit {
            kind: SecretKind::NamedSecret,
            range: 0..47
        }]
    );
    // Not a secret-like name: read as text.
    assert_eq!(scan_value("note", "hunter2"), []);
    assert_eq!(scan_value("password", "${PASSWORD}"), []);
}

#[test]
fn kinds_have_the_decisions_names() {
    let names: Vec<&str> = SecretKind::ALL.iter().map(|k| k.as_str()).collect();
    assert_eq!(
        names,
        [
            "openai-key",
            "anthropic-key",
            "aws-key",
            "github-token",
            "slack-token",
            "google-key",
            "bearer-token",
            "private-key",
            "jwt",
            "named-secret"
        ]
    );
    for kind in SecretKind::ALL {
        assert_eq!(SecretKind::from_name(kind.as_str()), Some(kind));
        assert_eq!(kind.replacement(), format!("[redacted: {kind}]"));
    }
}

#[test]
fn ranges_keep_to_character_boundaries() {
    let text = "密码 password=Pässwört9 令牌 token: 共128个 Bearer 令牌a1B2c3D4e5F6g7H8";
    for hit in scan_text(text) {
        assert!(text.is_char_boundary(hit.range.start) && text.is_char_boundary(hit.range.end));
    }
    // A bare value is ASCII: `Pässwört9` is cut at `ä`, too short to be reported.
    assert_eq!(found(text), []);
}
