//! The request list's words (DECISIONS §13) in both languages: its heading, columns and
//! cells. Like the compare view's, they live outside [`super::Text`]: only the lazy module
//! that shows the list carries them.

use super::budget::{grouped, kind_label};
use super::{Lang, source_name};
use crate::model::{RequestRow, RowCache};

/// The request list's labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Label {
    /// The list's accessible name.
    List,
    /// The number column.
    Number,
    /// The format column.
    Format,
    /// The model column.
    Model,
    /// The messages column.
    Messages,
    /// The tokens column.
    Tokens,
    /// The cache column.
    Cache,
    /// The time column.
    Time,
    /// The button comparing the chosen request with the one before.
    CompareWithPrevious,
    /// Said while the file is read.
    Reading,
    /// The hint under the heading.
    Hint,
    /// The first request's cache cell: nothing comes before it.
    First,
    /// A cell with nothing to say.
    None,
}

/// "Request 3", as the compare view names a side of two neighbours.
pub fn request_name(lang: Lang, number: usize) -> String {
    match lang {
        Lang::Zh => format!("请求 {number}"),
        Lang::En => format!("Request {number}"),
    }
}

impl Label {
    /// Every label.
    pub const ALL: &[Label] = &[
        Label::List,
        Label::Number,
        Label::Format,
        Label::Model,
        Label::Messages,
        Label::Tokens,
        Label::Cache,
        Label::Time,
        Label::CompareWithPrevious,
        Label::Reading,
        Label::Hint,
        Label::First,
        Label::None,
    ];

    /// This label in `lang`.
    pub fn t(self, lang: Lang) -> &'static str {
        let (zh, en) = match self {
            Label::List => ("请求列表", "Requests"),
            Label::Number => ("#", "#"),
            Label::Format => ("格式", "Format"),
            Label::Model => ("模型", "Model"),
            Label::Messages => ("消息", "Messages"),
            Label::Tokens => ("≈ Token", "≈ Tokens"),
            Label::Cache => ("缓存（与上一个相比）", "Cache (vs previous)"),
            Label::Time => ("时间", "Time"),
            Label::CompareWithPrevious => ("与上一个对比", "Compare with previous"),
            Label::Reading => ("正在读取请求…", "Reading the requests…"),
            Label::Hint => (
                "选择一行查看该请求（↑ ↓ 移动，Enter 选择）。缓存列是提示缓存最多能从上一个请求复用的部分，以及它断开的位置。",
                "Choose a row to see that request (↑ ↓ to move, Enter to choose). The cache column is the most a prompt cache could reuse from the request before, and where it broke.",
            ),
            Label::First => ("（第一个）", "(first)"),
            Label::None => ("—", "—"),
        };
        match lang {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }
}

/// The heading: how many requests, and how many were skipped.
pub fn heading(lang: Lang, count: usize, skipped: usize) -> String {
    match (lang, skipped) {
        (Lang::Zh, 0) => format!("这个文件有 {count} 个请求"),
        (Lang::Zh, n) => format!("这个文件有 {count} 个请求（{n} 个无法导入，已跳过）"),
        (Lang::En, 0) => format!("This file holds {count} requests"),
        (Lang::En, n) => format!("This file holds {count} requests ({n} skipped: not importable)"),
    }
}

/// A row's format cell.
pub fn format_cell(row: &RequestRow) -> &'static str {
    source_name(row.source)
}

/// A row's tokens cell: `≈ 1,234`.
pub fn tokens_cell(row: &RequestRow) -> String {
    format!("≈ {}", grouped(row.tokens))
}

/// A row's cache cell: what could be reused, and where it broke (the model, an item and
/// its segment, or nothing: the whole request is the one before plus more).
pub fn cache_cell(lang: Lang, cache: Option<&RowCache>) -> String {
    let Some(cache) = cache else {
        return Label::First.t(lang).to_owned();
    };
    let reused = grouped(cache.prefix_tokens);
    let Some(broke) = &cache.broke else {
        return match lang {
            Lang::Zh => format!("≈ {reused} 全部可复用"),
            Lang::En => format!("≈ {reused} all reusable"),
        };
    };
    if broke.item.as_deref() == Some("model") {
        return match lang {
            Lang::Zh => format!("≈ {reused} 可复用 · 模型变了"),
            Lang::En => format!("≈ {reused} reusable · the model changed"),
        };
    }
    let place = match (&broke.item, &broke.segment) {
        (item, Some(segment)) => {
            let kind = lang.t(kind_label(segment.kind));
            let item = match (item.as_deref(), lang) {
                (Some(item), _) => item,
                (None, Lang::Zh) => "结尾",
                (None, Lang::En) => "its end",
            };
            let before = match (segment.in_previous, lang) {
                (true, Lang::Zh) => "上一个请求的 ",
                (true, Lang::En) => "the previous request's ",
                (false, _) => "",
            };
            format!("{item} · {before}{} ({kind})", segment.path)
        }
        (Some(item), None) => item.clone(),
        (None, None) => match lang {
            Lang::Zh => "结尾（这个请求更短）".to_owned(),
            Lang::En => "its end (this request is shorter)".to_owned(),
        },
    };
    match lang {
        Lang::Zh => format!("≈ {reused} 可复用 · 断于 {place}"),
        Lang::En => format!("≈ {reused} reusable · broke at {place}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{RowBreak, RowSegment};
    use pep_core::export::Format;
    use pep_core::model::SegmentKind;

    fn cache(broke: Option<RowBreak>) -> RowCache {
        RowCache {
            format: Format::OpenAi,
            prefix_tokens: 1234,
            broke,
        }
    }

    #[test]
    fn cache_cells_say_what_is_reused_and_where_it_broke() {
        assert_eq!(cache_cell(Lang::En, None), "(first)");
        assert_eq!(
            cache_cell(Lang::En, Some(&cache(None))),
            "≈ 1,234 all reusable"
        );
        let segment = RowSegment {
            path: "messages[0].segments[1]".to_owned(),
            kind: SegmentKind::SystemPrompt,
            in_previous: false,
        };
        let at = |item: Option<&str>, segment: Option<RowSegment>| {
            cache(Some(RowBreak {
                item: item.map(str::to_owned),
                segment,
            }))
        };
        assert_eq!(
            cache_cell(
                Lang::En,
                Some(&at(Some("messages[0]"), Some(segment.clone())))
            ),
            "≈ 1,234 reusable · broke at messages[0] · messages[0].segments[1] (System Prompt)"
        );
        assert_eq!(
            cache_cell(Lang::En, Some(&at(Some("model"), None))),
            "≈ 1,234 reusable · the model changed"
        );
        let earlier = RowSegment {
            in_previous: true,
            ..segment
        };
        assert_eq!(
            cache_cell(Lang::En, Some(&at(None, Some(earlier)))),
            "≈ 1,234 reusable · broke at its end · the previous request's messages[0].segments[1] (System Prompt)",
            "the segment is named on the side that has it"
        );
        assert_eq!(
            cache_cell(Lang::En, Some(&at(None, None))),
            "≈ 1,234 reusable · broke at its end (this request is shorter)"
        );
    }

    #[test]
    fn every_label_has_both_languages() {
        for label in Label::ALL {
            assert!(!label.t(Lang::Zh).is_empty() && !label.t(Lang::En).is_empty());
        }
        assert_eq!(
            heading(Lang::En, 4, 1),
            "This file holds 4 requests (1 skipped: not importable)"
        );
    }
}
