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

/// Whether `url` is a `data:` URL as a browser reads it (DECISIONS §3: such a URL is never
/// written into text).
pub fn is_data_url(url: &str) -> bool {
    scheme(&normalize(url)).is_some_and(|scheme| scheme == "data")
}

/// Whether `url` has a scheme (DECISIONS §5: "absolute"), and it is `http` or `https`.
pub fn is_absolute_http(url: &str) -> bool {
    scheme(&normalize(url)).is_some_and(|scheme| scheme == "http" || scheme == "https")
}

/// Whether `url` has a scheme at all, as a browser reads it.
pub fn has_scheme(url: &str) -> bool {
    scheme(&normalize(url)).is_some()
}

/// A `data:` URL taken apart: `data:MIME[;param]*[;base64],DATA`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DataUrl<'a> {
    /// The media type as written (compare it case-insensitively).
    pub mime: &'a str,
    /// Whether the last parameter is `base64`.
    pub base64: bool,
    /// Everything after the first comma, as written.
    pub data: &'a str,
}

impl<'a> DataUrl<'a> {
    /// Takes `url` apart when it starts with `data:` (any case) and has a comma; exports use
    /// the text exactly as written, so nothing is normalised here.
    pub fn parse(url: &'a str) -> Option<Self> {
        let rest = url
            .get(..5)
            .filter(|p| p.eq_ignore_ascii_case("data:"))
            .and(url.get(5..))?;
        let (header, data) = rest.split_once(',')?;
        let mut params = header.split(';');
        let mime = params.next().unwrap_or_default();
        let base64 = params
            .next_back()
            .is_some_and(|p| p.eq_ignore_ascii_case("base64"));
        Some(DataUrl { mime, base64, data })
    }

    /// Whether the media type is `top/…` (`image`, `audio`), any case.
    pub fn is(&self, top: &str) -> bool {
        self.mime
            .split_once('/')
            .is_some_and(|(t, sub)| t.eq_ignore_ascii_case(top) && !sub.is_empty())
    }
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
    fn data_urls() {
        let png = DataUrl::parse("DATA:Image/PNG;base64,AAAA").unwrap_or_else(|| panic!());
        assert_eq!(
            (png.mime, png.base64, png.data),
            ("Image/PNG", true, "AAAA")
        );
        assert!(png.is("image") && !png.is("audio"));
        let plain = DataUrl::parse("data:audio/wav;name=a,xyz").unwrap_or_else(|| panic!());
        assert!(!plain.base64 && plain.is("audio"));
        assert_eq!(DataUrl::parse("data:image/png;base64"), None);
        assert_eq!(DataUrl::parse("https://x/a.png"), None);
        assert!(is_data_url(" DaTa:image/png,x") && !is_data_url("x/data:1"));
        assert!(is_absolute_http("HTTPS://a") && !is_absolute_http("//a/b.png"));
        assert!(has_scheme("ftp://a") && !has_scheme("a/b.png"));
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
