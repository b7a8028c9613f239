//! Which URLs the viewer may load or link to (DECISIONS §1, §4).
//!
//! URLs are checked as a browser would read them: leading spaces and control characters are
//! stripped and tabs and newlines dropped anywhere (so `java\tscript:` is `javascript:`), and
//! schemes compare case-insensitively.

/// Whether a media `url` may be used as a `src`: `http`, `https`, a relative path, or
/// `data:image/*`, `data:audio/*`, `data:video/*`.
pub fn is_allowed_media_url(url: &str) -> bool {
    let url = normalize(url);
    match scheme(&url) {
        None => true,
        Some(scheme) => match scheme.as_str() {
            "http" | "https" => true,
            "data" => {
                let rest = url[scheme.len() + 1..].to_ascii_lowercase();
                ["image/", "audio/", "video/"]
                    .iter()
                    .any(|prefix| rest.starts_with(prefix))
            }
            _ => false,
        },
    }
}

/// Whether a markdown link or image URL may stay: `http`, `https`, `mailto` or relative.
pub fn is_allowed_link_url(url: &str) -> bool {
    let url = normalize(url);
    match scheme(&url) {
        None => true,
        Some(scheme) => matches!(scheme.as_str(), "http" | "https" | "mailto"),
    }
}

/// The URL as a browser's parser sees it.
fn normalize(url: &str) -> String {
    url.trim_start_matches(|c: char| c == ' ' || c.is_control())
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect()
}

/// The lower-cased scheme, when the URL has one (`scheme ":"` before any `/`, `?` or `#`).
fn scheme(url: &str) -> Option<String> {
    let colon = url.find(':')?;
    let candidate = &url[..colon];
    let mut chars = candidate.chars();
    let valid = matches!(chars.next(), Some(c) if c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    valid.then(|| candidate.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn media_urls() {
        for url in [
            "https://example.com/cat.png",
            "HTTP://EXAMPLE.COM/a",
            "cat.svg",
            "./img/cat.svg",
            "/abs/cat.svg",
            "//cdn.example.com/x.png",
            "data:image/png;base64,AAAA",
            "DATA:Audio/mpeg;base64,AAAA",
            "data:video/mp4,xyz",
            "a/b:c.png",
            "?q=1:2",
        ] {
            assert!(is_allowed_media_url(url), "{url} should be allowed");
        }
        for url in [
            "javascript:alert(1)",
            " javascript:alert(1)",
            "\u{1}javascript:alert(1)",
            "java\tscript:alert(1)",
            "java\nscript:alert(1)",
            "JaVaScRiPt:alert(1)",
            "data:text/html,<script>",
            "vbscript:x",
            "file:///etc/passwd",
            "ftp://example.com/x.png",
            "blob:https://x/y",
        ] {
            assert!(!is_allowed_media_url(url), "{url:?} should be blocked");
        }
    }

    #[test]
    fn link_urls() {
        for url in [
            "https://a.b",
            "mailto:a@b.c",
            "#anchor",
            "docs/x.md",
            "MAILTO:a@b",
        ] {
            assert!(is_allowed_link_url(url), "{url} should be allowed");
        }
        for url in [
            "javascript:alert(1)",
            "  javascript:alert(1)",
            "jav&#x09;ascript:alert(1)".replace("&#x09;", "\t").as_str(),
            "data:image/png;base64,AAAA",
            "vbscript:msgbox",
        ] {
            assert!(!is_allowed_link_url(url), "{url:?} should be blocked");
        }
    }
}
