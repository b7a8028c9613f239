//! Icons for what a segment holds.

/// An icon for a MIME type (a document card's).
pub fn file_icon(mime: &str) -> &'static str {
    let mime = mime.to_ascii_lowercase();
    let (kind, sub) = mime.split_once('/').unwrap_or((mime.as_str(), ""));
    match (kind, sub) {
        (_, "pdf") => "📕",
        ("image", _) => "🖼️",
        ("audio", _) => "🎵",
        ("video", _) => "🎬",
        (_, s) if s.contains("spreadsheet") || s.contains("excel") || s == "csv" => "📊",
        (_, s) if s.contains("presentation") || s.contains("powerpoint") => "📽️",
        (_, s) if s.contains("zip") || s.contains("tar") || s.contains("compressed") => "🗜️",
        (_, s) if s.contains("word") || s.contains("document") => "📘",
        (_, s) if s.contains("json") || s.contains("xml") || s.contains("javascript") => "🧾",
        ("text", _) => "📄",
        _ => "📁",
    }
}

#[cfg(test)]
mod tests {
    use super::file_icon;

    #[test]
    fn icons_by_mime_type() {
        assert_eq!(file_icon("application/pdf"), "📕");
        assert_eq!(file_icon("IMAGE/PNG"), "🖼️");
        assert_eq!(file_icon("text/csv"), "📊");
        assert_eq!(file_icon("text/plain"), "📄");
        assert_eq!(
            file_icon("application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
            "📘"
        );
        assert_eq!(file_icon("weird"), "📁");
    }
}
