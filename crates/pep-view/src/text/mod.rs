//! UI strings in Chinese and English. Every visible string of the app comes from [`Text`], so
//! a missing translation does not compile; problem messages are in [`problems`], the budget's
//! numbers in [`budget`].

pub mod budget;
mod catalogue;
pub mod compare;
pub mod lazy;
pub mod problems;
pub mod requests;
mod tab_label;

pub use catalogue::Text;

/// A UI language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// 简体中文
    Zh,
    /// English
    En,
}

impl Lang {
    /// The language for a BCP 47 tag such as the browser's `navigator.language`: Chinese for
    /// `zh*`, English otherwise.
    pub fn from_tag(tag: &str) -> Lang {
        if tag.trim().to_ascii_lowercase().starts_with("zh") {
            Lang::Zh
        } else {
            Lang::En
        }
    }

    /// The code used in the URL (`?lang=`) and the `lang` attribute.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh-CN",
            Lang::En => "en",
        }
    }

    /// The other language, for the switch.
    pub fn other(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }

    /// `count` of `noun`, e.g. "1 error", "2 errors", "3 个错误".
    pub fn count(self, count: usize, noun: Noun) -> String {
        match self {
            Lang::Zh => {
                let word = match noun {
                    Noun::Error => "个错误",
                    Noun::Warning => "个警告",
                    Noun::Segment => "个 Segment",
                    Noun::Line => "行",
                    Noun::Character => "字符",
                    Noun::Item => "项",
                };
                format!("{count} {word}")
            }
            Lang::En => {
                let (one, many) = match noun {
                    Noun::Error => ("error", "errors"),
                    Noun::Warning => ("warning", "warnings"),
                    Noun::Segment => ("segment", "segments"),
                    Noun::Line => ("line", "lines"),
                    Noun::Character => ("character", "characters"),
                    Noun::Item => ("item", "items"),
                };
                format!("{count} {}", if count == 1 { one } else { many })
            }
        }
    }

    /// What Share's scan found before making a link (DECISIONS §8).
    pub fn secrets_found(self, count: usize) -> String {
        match self {
            Lang::Zh => format!(
                "这个信封里可能有 {count} 处密钥或凭据；分享链接会把它们带给每个打开链接的人："
            ),
            Lang::En => {
                let (s, them) = if count == 1 {
                    ("", "it")
                } else {
                    ("s", "them")
                };
                format!(
                    "This envelope may hold {count} secret{s}; a share link would show {them} to \
                     anyone who opens it:"
                )
            }
        }
    }

    /// The notice after "Redact and share": the link's copy is redacted, the text is not.
    pub fn link_copied_redacted(self, count: usize) -> String {
        match self {
            Lang::Zh => {
                format!("链接已复制，其中 {count} 处密钥已替换为 [redacted: …]；你的信封本身未改动")
            }
            Lang::En => {
                let s = if count == 1 { "" } else { "s" };
                format!(
                    "Link copied with {count} secret{s} replaced by [redacted: …]; your envelope \
                     itself is unchanged"
                )
            }
        }
    }

    /// The notice for a deep link (`?at=`) whose place this envelope does not have, or that
    /// is not a message or segment path at all (`parses` false).
    pub fn deep_link_missing(self, path: &str, parses: bool) -> String {
        match (self, parses) {
            (Lang::Zh, true) => format!("链接指向的 {path} 在这个信封里不存在，页面照常打开。"),
            (Lang::Zh, false) => format!(
                "链接里的位置 {path} 无法识别（应为 messages[I] 或 messages[I].segments[J]），页面照常打开。"
            ),
            (Lang::En, true) => {
                format!("The link points to {path}, which this envelope does not have.")
            }
            (Lang::En, false) => format!(
                "The link's place {path} is not a message or segment path (messages[I] or \
                 messages[I].segments[J])."
            ),
        }
    }

    /// "N more" after a list cut short, e.g. "另有 3 条未列出", "3 more not listed".
    pub fn more(self, count: usize) -> String {
        match self {
            Lang::Zh => format!("另有 {count} 条未列出"),
            Lang::En => format!("{count} more not listed"),
        }
    }

    /// The button that shows `next` more of a message's `left` unrendered segments.
    pub fn more_segments(self, next: usize, left: usize) -> String {
        match self {
            Lang::Zh => format!("再显示 {next} 个 Segment（还有 {left} 个）"),
            Lang::En => format!("Show {next} more segments ({left} left)"),
        }
    }

    /// What an opened, dropped or pasted text was recognised as: "OpenAI Chat request, 14
    /// messages, 2 warnings".
    pub fn recognised(
        self,
        source: pep_core::import::Source,
        messages: usize,
        warnings: usize,
    ) -> String {
        use pep_core::import::Source;
        let name = source_name(source);
        let log = matches!(
            source,
            Source::ClaudeCode | Source::Codex | Source::GeminiCli
        );
        match self {
            Lang::Zh => {
                let what = if log { "会话日志" } else { "请求" };
                format!("已识别为 {name} {what}：{messages} 条消息，{warnings} 条导入警告")
            }
            Lang::En => {
                let s = |n: usize| if n == 1 { "" } else { "s" };
                let what = if log { "session log" } else { "request" };
                format!(
                    "{name} {what}, {messages} message{}, {warnings} warning{}",
                    s(messages),
                    s(warnings)
                )
            }
        }
    }

    /// Why a text of `size` is not in the editor.
    pub fn large_text(self, size: &str) -> String {
        match self {
            Lang::Zh => format!(
                "这个信封有 {size}，已在下方渲染。在页面里编辑这么大的文本会让浏览器卡死，\
                 请在编辑器中修改后重新打开。"
            ),
            Lang::En => format!(
                "This envelope is {size} and is rendered below. Editing a text this large in \
                 the page would freeze the browser: edit it in your editor and open it again."
            ),
        }
    }

    /// This language's translation of `text`.
    pub fn t(self, text: Text) -> &'static str {
        let (zh, en) = text.pair();
        match self {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }
}

/// Something counted in the UI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Noun {
    /// Validation or export errors.
    Error,
    /// Validation or export warnings.
    Warning,
    /// Segments of an envelope.
    Segment,
    /// Lines of a long text.
    Line,
    /// Characters of a long text.
    Character,
    /// Items of a memory, skills or tools list.
    Item,
}

/// What a source is called: "OpenAI Chat", "Claude Code", "OpenTelemetry GenAI" (the table of
/// providers' short labels).
pub fn source_name(source: pep_core::import::Source) -> &'static str {
    // Never said of an imported request: an envelope is not imported.
    source
        .provider()
        .map_or("Prompt Envelope", pep_core::import::Provider::short_label)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browser_tags_pick_the_language() {
        for tag in ["zh", "zh-CN", "zh-Hant-TW", "ZH-hk"] {
            assert_eq!(Lang::from_tag(tag), Lang::Zh, "{tag}");
        }
        for tag in ["en-US", "fr", "", "de-DE"] {
            assert_eq!(Lang::from_tag(tag), Lang::En, "{tag}");
        }
        assert_eq!(Lang::Zh.other(), Lang::En);
    }

    #[test]
    fn both_languages_have_every_string() {
        assert_eq!(Lang::Zh.t(Text::Copy), "复制");
        assert_eq!(Lang::En.t(Text::Copy), "Copy");
        assert_eq!(Lang::Zh.t(Text::ViewParsed), "查看解析");
        for text in Text::ALL {
            assert!(
                !Lang::Zh.t(*text).is_empty() && !Lang::En.t(*text).is_empty(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn counts_are_pluralised() {
        assert_eq!(Lang::En.count(1, Noun::Error), "1 error");
        assert_eq!(Lang::En.count(3, Noun::Warning), "3 warnings");
        assert_eq!(Lang::En.count(0, Noun::Segment), "0 segments");
        assert_eq!(Lang::Zh.count(2, Noun::Error), "2 个错误");
        assert_eq!(Lang::Zh.count(30, Noun::Line), "30 行");
    }
}
